import { existsSync, readdirSync, rmSync } from "node:fs";
import S3rver, { type S3rverOptions } from "s3rver";
import { tempDir } from "./dataDirs.js";
import { freePort } from "./ports.js";

export interface RunningS3 {
  /** The `s3` settings (and S3FileSystem options) that reach the bucket. */
  config: { bucket: string; region: string; endpoint: string; accessKey: string; secret: string; forcePathStyle: boolean };
  /** Multipart uploads of the bucket begun and neither completed nor aborted (their ids). */
  pendingUploads(): string[];
  close(): Promise<void>;
}

/** Starts s3rver on 127.0.0.1 with one bucket. */
export async function startS3(bucket: string): Promise<RunningS3> {
  const { server, endpoint } = await startS3Buckets([bucket]);
  return {
    config: { bucket, region: "us-east-1", endpoint, accessKey: "S3RVER", secret: "S3RVER", forcePathStyle: true },
    pendingUploads: () => pendingUploads(server, bucket),
    close: () => server.close(),
  };
}

/** An s3rver (with AbortMultipartUpload) on 127.0.0.1 holding these buckets, and its endpoint. */
export async function startS3Buckets(buckets: string[]): Promise<{ server: S3rver; endpoint: string }> {
  const port = await freePort();
  const server = s3rverWithAbort({ address: "127.0.0.1", port, silent: true, directory: tempDir("s3rver-"), configureBuckets: buckets.map((name) => ({ name })), vhostBuckets: false });
  await server.run();
  return { server, endpoint: `http://127.0.0.1:${port}` };
}

/** Multipart uploads of a bucket that were begun and neither completed nor aborted. */
export function pendingUploads(server: S3rver, bucket: string): string[] {
  const dir = server.store.getResourcePath(bucket, undefined, "uploads");
  return existsSync(dir) ? readdirSync(dir) : [];
}

/**
 * An s3rver that also answers AbortMultipartUpload (`DELETE /<bucket>/<key>?uploadId=`),
 * which s3rver 3 refuses with 405: the upload's parts are removed, as S3 does; an unknown
 * upload is S3's 404 NoSuchUpload.
 */
export function s3rverWithAbort(options: S3rverOptions): S3rver {
  const server = new S3rver(options);
  // Ahead of s3rver's own router (Koa composes its middleware when the server starts).
  server.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== "DELETE" || typeof uploadId !== "string") return next();
    const bucket = ctx.path.split("/")[1] ?? "";
    const dir = `${server.store.getResourcePath(bucket, undefined, "uploads")}/${uploadId}`;
    if (!/^[0-9a-f]+$/.test(uploadId) || !existsSync(dir)) {
      ctx.status = 404;
      ctx.type = "application/xml";
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${uploadId.replace(/[^0-9a-zA-Z]/g, "")}</UploadId></Error>`;
      return;
    }
    rmSync(dir, { recursive: true, force: true });
    ctx.status = 204;
  });
  return server;
}
