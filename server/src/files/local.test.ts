import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { FileNotFoundError, InvalidKeyError, keyProblem, readAll } from "./filesystem.js";
import { LocalFileSystem } from "./local.js";
import { createFileSystem, localStorageDir } from "./storage.js";
import { S3FileSystem } from "./s3.js";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";
import { fileSystemContract } from "../../test/support/filesContract.js";

afterAll(cleanupTempDirs);

describe("LocalFileSystem contract", () => {
  fileSystemContract(async () => new LocalFileSystem(path.join(tempDir("cairn-fs-"), "storage")));
});

describe("LocalFileSystem on disk", () => {
  let root: string;
  let fs: LocalFileSystem;
  beforeEach(() => {
    root = path.join(tempDir("cairn-fs-"), "storage");
    fs = new LocalFileSystem(root);
  });

  it("writes the reference's .attrs sidecar next to each file", async () => {
    await fs.put("c/r/a_1234567890.txt", Buffer.from("hello"), "text/plain; charset=utf-8", { metadata: { "original-filename": "a.txt" } });
    const raw = readFileSync(path.join(root, "c/r/a_1234567890.txt.attrs"), "utf8");
    expect(raw).toBe(
      '{"user.cache_control":"","user.content_disposition":"","user.content_encoding":"","user.content_language":"",' +
        '"user.content_type":"text/plain; charset=utf-8","user.metadata":{"original-filename":"a.txt"},"md5":"XUFAKrxLKna5cZ2REBfFkg=="}',
    );
    expect(readFileSync(path.join(root, "c/r/a_1234567890.txt"), "utf8")).toBe("hello");
    await fs.put("c/r/thumbs_x/1x1_x", Buffer.from("t"), "image/png");
    expect(JSON.parse(readFileSync(path.join(root, "c/r/thumbs_x/1x1_x.attrs"), "utf8"))["user.metadata"]).toBeNull();
  });

  it("reads files without a sidecar (no content type) and ignores sidecars and temp files in listings", async () => {
    mkdirSync(path.join(root, "c/r"), { recursive: true });
    writeFileSync(path.join(root, "c/r/bare.bin"), "xyz");
    writeFileSync(path.join(root, "c/r/stray.attrs"), "{}");
    writeFileSync(path.join(root, "c/r/bare.bin.%tmp%abc"), "partial");
    const st = await fs.stat("c/r/bare.bin");
    expect(st.size).toBe(3);
    expect(st.contentType).toBeUndefined();
    expect((await fs.list("")).map((e) => e.key)).toEqual(["c/r/bare.bin"]);
  });

  it("streams a put and leaves no temp file behind", async () => {
    const chunks = Array.from({ length: 50 }, (_, i) => Buffer.alloc(1000, i));
    await fs.put("c/r/big", Readable.from(chunks), "application/octet-stream");
    expect((await readAll(fs, "c/r/big")).equals(Buffer.concat(chunks))).toBe(true);
    expect(readdirSync(path.join(root, "c/r")).sort()).toEqual(["big", "big.attrs"]);
  });

  it("cleans up when a streamed put fails", async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error("boom"));
      },
    });
    await expect(fs.put("c/r/f", failing, "text/plain")).rejects.toThrow("boom");
    expect(await fs.exists("c/r/f")).toBe(false);
    expect(readdirSync(path.join(root, "c/r"))).toEqual([]);
  });

  it("removes the directories a prefix deletion empties, like the reference, but not its parents", async () => {
    await fs.put("c/r/a.txt", Buffer.from("a"), "text/plain");
    await fs.put("c/r/thumbs_a.png/10x10_a.png", Buffer.from("t"), "image/png");
    await fs.put("c/other/b.txt", Buffer.from("b"), "text/plain");
    expect(await fs.deletePrefix("c/r/thumbs_a.png/")).toBe(1);
    expect(existsSync(path.join(root, "c/r/thumbs_a.png"))).toBe(false);
    expect(existsSync(path.join(root, "c/r/a.txt"))).toBe(true);
    expect(await fs.deletePrefix("c/r/")).toBe(1);
    expect(existsSync(path.join(root, "c/r"))).toBe(false);
    expect(existsSync(path.join(root, "c"))).toBe(true);
    expect(await fs.exists("c/other/b.txt")).toBe(true);
  });

  it("deleting the prefix of a record without files (no directory) removes nothing and keeps its siblings", async () => {
    await fs.put("c/other/b.txt", Buffer.from("b"), "text/plain");
    expect(await fs.deletePrefix("c/missing/")).toBe(0);
    expect(await fs.deletePrefix("nocollection/r/")).toBe(0);
    expect(await fs.exists("c/other/b.txt")).toBe(true);
    // A prefix that is not a whole directory name still matches inside an existing directory.
    expect(await fs.deletePrefix("c/oth")).toBe(1);
    expect(await fs.exists("c/other/b.txt")).toBe(false);
  });

  it("deleting one file keeps its (now empty) directory, like the reference", async () => {
    await fs.put("c/r/a.txt", Buffer.from("a"), "text/plain");
    await fs.delete("c/r/a.txt");
    expect(readdirSync(path.join(root, "c/r"))).toEqual([]);
  });
});

describe("key safety", () => {
  const BAD = [
    "",
    "../x",
    "a/../../x",
    "a/..",
    "..",
    ".",
    "./a",
    "a/./b",
    "/etc/passwd",
    "//x",
    "a//b",
    "a/",
    "a\u0000b",
    "a\nb",
    "a\\..\\..\\x",
    "..%2Fx",
    "%2e%2e/x",
    "a%2F..%2F..%2Fx",
    "x.attrs",
    "c/r/f.png.attrs",
    "a".repeat(2000),
  ];

  it.each(BAD)("refuses %j", async (key) => {
    const root = path.join(tempDir("cairn-fs-"), "storage");
    const fs = new LocalFileSystem(root);
    expect(keyProblem(key)).not.toBeNull();
    await expect(fs.put(key, Buffer.from("x"), "text/plain")).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(fs.stat(key)).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(fs.read(key)).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(fs.exists(key)).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(fs.delete(key)).rejects.toBeInstanceOf(InvalidKeyError);
    // Nothing was written anywhere near the root.
    expect(existsSync(path.dirname(root)) ? readdirSync(path.dirname(root)) : []).not.toContain("x");
  });

  it("accepts the keys the reference produces", () => {
    for (const k of ["c/r/a_b_Abc1234567.tar.gz", "c/r/thumbs_x_Abc1234567.png/100x100_x_Abc1234567.png", "c/r/f_Abc1234567.A-b+c=d#e*f", "c/r/a_b..", ".env"]) {
      expect(keyProblem(k)).toBeNull();
    }
  });

  it("refuses prefixes that escape, allows empty and trailing-slash ones", async () => {
    const fs = new LocalFileSystem(path.join(tempDir("cairn-fs-"), "storage"));
    await expect(fs.list("../")).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(fs.list("/")).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(fs.deletePrefix("a/../../")).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(fs.deletePrefix("")).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(fs.list("")).resolves.toEqual([]);
    await expect(fs.list("c/r/")).resolves.toEqual([]);
  });

  it("never touches a sibling directory whose name extends the root's", async () => {
    const base = tempDir("cairn-fs-");
    const fs = new LocalFileSystem(path.join(base, "storage"));
    mkdirSync(path.join(base, "storage-evil"), { recursive: true });
    writeFileSync(path.join(base, "storage-evil", "x"), "secret");
    await expect(fs.read("../storage-evil/x")).rejects.toBeInstanceOf(InvalidKeyError);
    expect(() => fs.pathOf("../storage-evil/x")).toThrow(InvalidKeyError);
  });

  it("reports missing files as FileNotFoundError, directories included", async () => {
    const root = path.join(tempDir("cairn-fs-"), "storage");
    const fs = new LocalFileSystem(root);
    await fs.put("c/r/a.txt", Buffer.from("a"), "text/plain");
    await expect(fs.stat("c/r")).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(fs.read("c/r")).rejects.toBeInstanceOf(FileNotFoundError);
    expect(await fs.exists("c/r")).toBe(false);
  });

  it("does not follow a listing outside the root through a symlinked prefix", async () => {
    const base = tempDir("cairn-fs-");
    const root = path.join(base, "storage");
    mkdirSync(root, { recursive: true });
    mkdirSync(path.join(base, "outside"));
    writeFileSync(path.join(base, "outside", "secret"), "s");
    symlinkSync(path.join(base, "outside"), path.join(root, "link"));
    const fs = new LocalFileSystem(root);
    // A symlinked directory is not walked as a directory (it is not created by Cairn).
    expect((await fs.list("")).map((e) => e.key)).toEqual([]);
  });
});

describe("createFileSystem", () => {
  it("picks local storage under <dataDir>/storage unless s3 is enabled", async () => {
    const dir = tempDir("cairn-fs-");
    const s3 = { enabled: false, bucket: "b", region: "r", endpoint: "http://127.0.0.1:1", accessKey: "a", secret: "s", forcePathStyle: true };
    const local = createFileSystem(dir, s3);
    expect(local).toBeInstanceOf(LocalFileSystem);
    expect((local as LocalFileSystem).root).toBe(localStorageDir(path.resolve(dir)));
    const remote = createFileSystem(dir, { ...s3, enabled: true });
    expect(remote).toBeInstanceOf(S3FileSystem);
    await remote.close();
  });
});
