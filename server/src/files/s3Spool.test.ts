import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type S3rver from "s3rver";
import { cleanupTempDirs } from "../../test/support/dataDirs.js";
import { freePort } from "../../test/support/ports.js";
import { pendingUploads, startS3Buckets } from "../../test/support/s3.js";
import { readAll } from "./filesystem.js";
import { S3FileSystem } from "./s3.js";
import { S3UploadSpool } from "./s3Spool.js";

let server: S3rver;
let endpoint = "";
let bucketNo = 0;

beforeAll(async () => {
  ({ server, endpoint } = await startS3Buckets(Array.from({ length: 6 }, (_, i) => `s${i}`)));
});

afterAll(async () => {
  await server?.close();
  cleanupTempDirs();
});

const PART = 64 * 1024;
const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + 7) % 251));
const chunks = (data: Buffer, size = 8000) => Readable.from(Array.from({ length: Math.ceil(data.length / size) }, (_, i) => data.subarray(i * size, (i + 1) * size)));

function setup(recordId = "rec000000000001") {
  const fs = new S3FileSystem({ endpoint, region: "us-east-1", bucket: `s${bucketNo++}`, accessKey: "S3RVER", secret: "S3RVER", forcePathStyle: true, partSize: PART });
  const spool = new S3UploadSpool(fs, { collectionId: "col000000000001", recordId });
  return { fs, spool, keys: async () => (await fs.list("")).map((e) => e.key), pending: () => pendingUploads(server, fs.bucket) };
}

describe("S3UploadSpool (s3rver)", () => {
  it("streams a file under the record's folder with its stored name, type and original name", async () => {
    const s = setup();
    const data = Buffer.concat([Buffer.from("%PDF-1.4\n"), bytes(3 * PART)]);
    const got = await s.spool.write(chunks(data), { maxSize: 0 }, "dir/My Report.pdf");
    expect(got.size).toBe(data.length);
    expect(got.file!.name).toMatch(/^my_report_[a-zA-Z0-9]{10}\.pdf$/);
    expect(got.file!.key).toBe(`col000000000001/rec000000000001/${got.file!.name}`);
    const stat = await s.fs.stat(got.file!.key);
    expect(stat).toMatchObject({ size: data.length, contentType: "application/pdf", metadata: { "original-filename": "My Report.pdf" } });
    expect((await readAll(s.fs, got.file!.key)).equals(data)).toBe(true);
    // Handed over to the record: cleanup leaves it.
    await got.file!.moveTo(got.file!.key);
    await s.spool.cleanup();
    expect(await s.keys()).toEqual([got.file!.key]);
    await s.fs.close();
  });

  it("drops a file crossing maxSize as it arrives: the multipart upload is aborted, nothing is left", async () => {
    const s = setup();
    const got = await s.spool.write(chunks(bytes(4 * PART)), { maxSize: 3 * PART }, "big.bin");
    expect(got).toMatchObject({ size: 4 * PART, file: null });
    expect(s.pending()).toEqual([]);
    expect(await s.keys()).toEqual([]);
    await s.fs.close();
  });

  it("drops a file of a refused type once its first bytes are judged", async () => {
    const s = setup();
    const got = await s.spool.write(chunks(bytes(2 * PART)), { maxSize: 0, acceptsHead: () => false }, "x.bin");
    expect(got.file).toBeNull();
    expect(await s.keys()).toEqual([]);
    await s.fs.close();
  });

  it("a source that fails mid-file aborts its upload", async () => {
    const s = setup();
    const source = Readable.from(
      (async function* () {
        yield bytes(3 * PART);
        throw new Error("client went away");
      })(),
    );
    await expect(s.spool.write(source, { maxSize: 0 }, "gone.bin")).rejects.toThrow(/went away/);
    expect(s.pending()).toEqual([]);
    expect(await s.keys()).toEqual([]);
    await s.fs.close();
  });

  it("cleanup deletes the objects no record took; moveTo elsewhere copies and removes the original", async () => {
    const s = setup();
    const kept = await s.spool.write(chunks(bytes(1000)), { maxSize: 0 }, "kept.txt");
    const left = await s.spool.write(chunks(bytes(2 * PART + 1)), { maxSize: 0 }, "left.bin");
    const other = `col000000000001/other000000001/${kept.file!.name}`;
    await kept.file!.moveTo(other);
    await s.spool.cleanup();
    expect(await s.keys()).toEqual([other]);
    expect((await readAll(s.fs, other)).equals(bytes(1000))).toBe(true);
    expect((await s.fs.stat(other)).metadata).toEqual({ "original-filename": "kept.txt" });
    expect(left.file).not.toBeNull();
    await s.fs.close();
  });

  it("a bucket that fails keeps nothing and says so, reading the file to its end", async () => {
    const fs = new S3FileSystem({ endpoint: `http://127.0.0.1:${await freePort()}`, region: "us-east-1", bucket: "x", accessKey: "a", secret: "b", forcePathStyle: true, partSize: PART });
    const spool = new S3UploadSpool(fs, { collectionId: "col000000000001", recordId: "rec000000000001" });
    const got = await spool.write(chunks(bytes(3 * PART)), { maxSize: 0 }, "x.bin");
    expect(got).toMatchObject({ size: 3 * PART, file: null, failed: true });
    await spool.cleanup();
    await fs.close();
  });

  it("an id that cannot be part of a key streams under a fresh folder", async () => {
    const s = setup("../escape");
    const got = await s.spool.write(chunks(bytes(100)), { maxSize: 0 }, "a.txt");
    expect(got.file!.key).toMatch(/^col000000000001\/[a-z0-9]{15}\/a\w*_[a-zA-Z0-9]{10}\.txt$/);
    await s.spool.cleanup();
    expect(await s.keys()).toEqual([]);
    await s.fs.close();
  });
});
