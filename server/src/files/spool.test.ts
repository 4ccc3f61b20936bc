import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";
import { SNIFF_LIMIT } from "./mime.js";
import { UploadSpool } from "./spool.js";

afterAll(cleanupTempDirs);

const bytes = (n: number, seed = 1) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) % 251));
/** A stream of `data` in chunks of `size`. */
const chunks = (data: Buffer, size = 1000) => Readable.from(Array.from({ length: Math.ceil(data.length / size) }, (_, i) => data.subarray(i * size, (i + 1) * size)));

describe("UploadSpool", () => {
  it("writes a file to a temp file with its size, first bytes and MD5", async () => {
    const spool = new UploadSpool(tempDir(), { md5: true });
    const data = bytes(10_000);
    const got = await spool.write(chunks(data), { maxSize: 10_000 });
    expect(got.size).toBe(10_000);
    expect(got.head.equals(data.subarray(0, SNIFF_LIMIT))).toBe(true);
    expect(readFileSync(got.file!.path).equals(data)).toBe(true);
    expect(got.file!.md5).toBe(createHash("md5").update(data).digest("base64"));
    await spool.cleanup();
    expect(existsSync(got.file!.path)).toBe(false);
  });

  it("drops the content once it crosses maxSize, and keeps counting", async () => {
    const dir = tempDir();
    const spool = new UploadSpool(dir);
    const got = await spool.write(chunks(bytes(5001)), { maxSize: 5000 });
    expect(got).toMatchObject({ size: 5001, file: null });
    expect(readdirSync(dir)).toEqual([]);
  });

  it("drops the content when the first bytes show a refused type", async () => {
    const dir = tempDir();
    const spool = new UploadSpool(dir);
    const seen: number[] = [];
    const got = await spool.write(chunks(bytes(SNIFF_LIMIT * 3)), { maxSize: 0, acceptsHead: (head, size) => (seen.push(head.length, size), false) });
    expect(got.file).toBeNull();
    expect(got.size).toBe(SNIFF_LIMIT * 3);
    expect(seen[0]).toBe(SNIFF_LIMIT);
    expect(seen[1]).toBeGreaterThan(SNIFF_LIMIT);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("only counts parts it is told not to keep", async () => {
    const dir = tempDir();
    const got = await new UploadSpool(dir).write(chunks(bytes(100)), { maxSize: 0, keep: false });
    expect(got).toMatchObject({ size: 100, file: null });
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });

  it("removes its temp file when the stream fails", async () => {
    const dir = tempDir();
    const source = new Readable({ read() {} });
    const pending = new UploadSpool(dir).write(source, { maxSize: 0 });
    source.push(bytes(2000));
    await new Promise((r) => setTimeout(r, 20));
    source.destroy(new Error("client went away"));
    await expect(pending).rejects.toThrow("client went away");
    expect(readdirSync(dir)).toEqual([]);
  });
});
