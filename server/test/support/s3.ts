import S3rver from "s3rver";
import { tempDir } from "./dataDirs.js";
import { freePort } from "./ports.js";

export interface RunningS3 {
  /** The `s3` settings (and S3FileSystem options) that reach the bucket. */
  config: { bucket: string; region: string; endpoint: string; accessKey: string; secret: string; forcePathStyle: boolean };
  close(): Promise<void>;
}

/** Starts s3rver on 127.0.0.1 with one bucket. */
export async function startS3(bucket: string): Promise<RunningS3> {
  const port = await freePort();
  const server = new S3rver({ address: "127.0.0.1", port, silent: true, directory: tempDir("s3rver-"), configureBuckets: [{ name: bucket }], vhostBuckets: false });
  await server.run();
  return {
    config: { bucket, region: "us-east-1", endpoint: `http://127.0.0.1:${port}`, accessKey: "S3RVER", secret: "S3RVER", forcePathStyle: true },
    close: () => server.close(),
  };
}
