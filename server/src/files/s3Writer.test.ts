import { S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupTempDirs } from "../../test/support/dataDirs.js";
import { pendingUploads, startS3Buckets } from "../../test/support/s3.js";
import type S3rver from "s3rver";
import { readAll } from "./filesystem.js";
import { S3FileSystem, type S3Options } from "./s3.js";
import { S3ObjectWriter } from "./s3Writer.js";

let server: S3rver;
let opts: S3Options;
let bucketNo = 0;

beforeAll(async () => {
  const s3 = await startS3Buckets(Array.from({ length: 8 }, (_, i) => `w${i}`));
  server = s3.server;
  opts = { endpoint: s3.endpoint, region: "us-east-1", bucket: "", accessKey: "S3RVER", secret: "S3RVER", forcePathStyle: true };
});

afterAll(async () => {
  await server?.close();
  cleanupTempDirs();
});

const PART = 64 * 1024;
const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 13 + 5) % 251));

/** A bucket of its own, and a writer whose S3 calls are recorded (names, and the most UploadParts seen at once). */
function setup(concurrency = 2) {
  const fs = new S3FileSystem({ ...opts, bucket: `w${bucketNo++}` });
  const calls: string[] = [];
  let uploading = 0;
  let mostUploading = 0;
  const client = {
    send: async (cmd: { constructor: { name: string } }) => {
      const name = cmd.constructor.name.replace(/Command$/, "");
      calls.push(name);
      if (name === "UploadPart") mostUploading = Math.max(mostUploading, ++uploading);
      try {
        return await fs.client.send(cmd as Parameters<S3Client["send"]>[0]);
      } finally {
        if (name === "UploadPart") uploading--;
      }
    },
  } as unknown as S3Client;
  let targetCalls = 0;
  const writer = (key: string) =>
    new S3ObjectWriter({
      client,
      bucket: fs.bucket,
      partSize: PART,
      concurrency,
      target: () => {
        targetCalls++;
        return { key, contentType: "application/octet-stream", metadata: { "original-filename": "x.bin" } };
      },
    });
  return { fs, calls, writer, mostUploading: () => mostUploading, targetCalls: () => targetCalls, pending: () => pendingUploads(server, fs.bucket) };
}

/** Writes `data` in chunks of `size`. */
async function feed(w: S3ObjectWriter, data: Buffer, size = 10_000) {
  for (let i = 0; i < data.length; i += size) await w.write(data.subarray(i, i + size));
}

describe("S3ObjectWriter (s3rver)", () => {
  it("sends content up to one part as a single PutObject", async () => {
    const s = setup();
    const data = bytes(PART);
    const w = s.writer("c/r/small.bin");
    await feed(w, data);
    expect(await w.finish()).toMatchObject({ key: "c/r/small.bin" });
    expect(s.calls).toEqual(["PutObject"]);
    expect((await readAll(s.fs, "c/r/small.bin")).equals(data)).toBe(true);
    expect((await s.fs.stat("c/r/small.bin")).metadata).toEqual({ "original-filename": "x.bin" });
    await s.fs.close();
  });

  it("sends larger content as a multipart upload of full parts, a bounded number at once", async () => {
    const s = setup(2);
    const data = bytes(5 * PART + 17);
    const w = s.writer("c/r/big.bin");
    await feed(w, data, 30_000);
    await w.finish();
    expect(s.calls).toEqual(["CreateMultipartUpload", ...Array(6).fill("UploadPart"), "CompleteMultipartUpload"]);
    expect(s.mostUploading()).toBeGreaterThan(1);
    expect(s.mostUploading()).toBeLessThanOrEqual(2);
    expect(s.targetCalls()).toBe(1);
    expect((await readAll(s.fs, "c/r/big.bin")).equals(data)).toBe(true);
    expect(s.pending()).toEqual([]);
    await s.fs.close();
  });

  it("abort drops the parts sent: no object, no multipart upload left", async () => {
    const s = setup();
    const w = s.writer("c/r/gone.bin");
    await feed(w, bytes(3 * PART + 5));
    expect(s.pending()).toHaveLength(1);
    await w.abort();
    expect(s.calls.at(-1)).toBe("AbortMultipartUpload");
    expect(s.pending()).toEqual([]);
    expect(await s.fs.exists("c/r/gone.bin")).toBe(false);
    await expect(w.write(bytes(10))).rejects.toThrow(/aborted/);
    await s.fs.close();
  });

  it("abort before the first part leaves nothing and calls nothing", async () => {
    const s = setup();
    const w = s.writer("c/r/tiny.bin");
    await feed(w, bytes(PART - 1));
    await w.abort();
    expect(s.calls).toEqual([]);
    expect(s.targetCalls()).toBe(0);
    expect(await s.fs.exists("c/r/tiny.bin")).toBe(false);
    await s.fs.close();
  });

  it("a failing part fails the upload, which abort then cleans up", async () => {
    const s = setup();
    // A bucket that does not exist: the multipart upload cannot even start.
    const w = new S3ObjectWriter({ client: s.fs.client, bucket: "missing-bucket", partSize: PART, concurrency: 2, target: () => ({ key: "c/r/x.bin", contentType: "text/plain" }) });
    await expect(feed(w, bytes(2 * PART))).rejects.toThrow();
    await w.abort();
    await s.fs.close();
  });
});
