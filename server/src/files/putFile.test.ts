import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";
import { startS3, type RunningS3 } from "../../test/support/s3.js";
import { readAll, type FileSystem } from "./filesystem.js";
import { LocalFileSystem } from "./local.js";
import { S3FileSystem } from "./s3.js";

const data = Buffer.from(Array.from({ length: 300 * 1024 + 5 }, (_, i) => (i * 13) % 253));
const md5 = createHash("md5").update(data).digest("base64");

function tempFile(): string {
  const p = path.join(tempDir(), "upload");
  writeFileSync(p, data);
  return p;
}

let s3: RunningS3;

beforeAll(async () => {
  s3 = await startS3("put");
});

afterAll(async () => {
  await s3?.close();
  cleanupTempDirs();
});

describe("putFile (a spooled upload into storage)", () => {
  it("local storage renames the temp file into place and records its attributes", async () => {
    const root = tempDir();
    const fs = new LocalFileSystem(root);
    const src = tempFile();
    await fs.putFile("c/r/a.bin", { path: src, size: data.length, md5 }, "application/octet-stream", { metadata: { "original-filename": "a.bin" } });
    expect(existsSync(src)).toBe(false);
    expect(readFileSync(path.join(root, "c/r/a.bin")).equals(data)).toBe(true);
    expect(await fs.stat("c/r/a.bin")).toMatchObject({ size: data.length, contentType: "application/octet-stream", metadata: { "original-filename": "a.bin" } });
    // Without a known MD5 it is computed from the file.
    await fs.putFile("c/r/b.bin", { path: tempFile(), size: data.length }, "text/plain");
    expect(JSON.parse(readFileSync(path.join(root, "c/r/b.bin.attrs"), "utf8")).md5).toBe(md5);
  });

  for (const [name, partSize] of [["in one PUT", 1 << 20], ["in parts", 64 * 1024]] as const) {
    it(`S3 uploads the temp file ${name}`, async () => {
      const fs: FileSystem = new S3FileSystem({ ...s3.config, partSize });
      try {
        const key = `c/r/${partSize}.bin`;
        await fs.putFile(key, { path: tempFile(), size: data.length }, "application/pdf", { metadata: { "original-filename": "x y.bin" } });
        expect((await readAll(fs, key)).equals(data)).toBe(true);
        expect(await fs.stat(key)).toMatchObject({ size: data.length, contentType: "application/pdf", metadata: { "original-filename": "x y.bin" } });
        const r = await fs.read(key, { start: 70_000, end: 200_000 });
        const chunks: Buffer[] = [];
        for await (const c of r) chunks.push(c as Buffer);
        expect(Buffer.concat(chunks).equals(data.subarray(70_000, 200_001))).toBe(true);
      } finally {
        await fs.close();
      }
    });
  }
});
