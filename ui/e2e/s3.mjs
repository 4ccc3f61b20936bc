// A local S3 endpoint (npm s3rver) with one bucket, for the storage settings journeys.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { freePort } from "./servers.mjs";

export const S3_BUCKET = "cairn-e2e";
/** s3rver's fixed credentials. */
export const S3_ACCESS_KEY = "S3RVER";
export const S3_SECRET = "S3RVER";

export async function startS3() {
  const directory = mkdtempSync(path.join(tmpdir(), "cairn-e2e-s3-"));
  const port = await freePort();
  const server = new S3rver({ address: "127.0.0.1", port, silent: true, directory, configureBuckets: [{ name: S3_BUCKET }] });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
