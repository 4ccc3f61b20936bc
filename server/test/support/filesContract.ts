import { Readable } from "node:stream";
import { expect, it } from "vitest";
import { FileNotFoundError, readAll, type FileSystem } from "../../src/files/filesystem.js";

async function text(fs: FileSystem, key: string, range?: { start: number; end: number }): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of await fs.read(key, range)) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks).toString("utf8");
}

/** Behaviour every FileSystem implementation must have (registered as tests in the caller's describe). */
export function fileSystemContract(make: () => Promise<FileSystem>): void {
  it("puts, stats, reads and overwrites", async () => {
    const fs = await make();
    const before = Date.now();
    await fs.put("col/rec/a_1234567890.txt", Buffer.from("hello world"), "text/plain; charset=utf-8", {
      metadata: { "original-filename": "A.txt" },
    });
    expect(await fs.exists("col/rec/a_1234567890.txt")).toBe(true);
    const st = await fs.stat("col/rec/a_1234567890.txt");
    expect(st.size).toBe(11);
    expect(st.contentType).toBe("text/plain; charset=utf-8");
    expect(st.metadata).toEqual({ "original-filename": "A.txt" });
    expect(st.modified.getTime()).toBeGreaterThan(before - 5000);
    expect(await text(fs, "col/rec/a_1234567890.txt")).toBe("hello world");
    await fs.put("col/rec/a_1234567890.txt", Buffer.from("bye"), "text/other");
    expect(await text(fs, "col/rec/a_1234567890.txt")).toBe("bye");
    const st2 = await fs.stat("col/rec/a_1234567890.txt");
    expect(st2.contentType).toBe("text/other");
    expect(st2.metadata).toBeUndefined();
    await fs.close();
  });

  it("reads byte ranges (inclusive)", async () => {
    const fs = await make();
    await fs.put("c/r/digits", Buffer.from("0123456789"), "text/plain");
    expect(await text(fs, "c/r/digits", { start: 0, end: 0 })).toBe("0");
    expect(await text(fs, "c/r/digits", { start: 3, end: 6 })).toBe("3456");
    expect(await text(fs, "c/r/digits", { start: 7, end: 9 })).toBe("789");
    await fs.close();
  });

  it("stores streams, empty files and binary data", async () => {
    const fs = await make();
    const bin = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
    await fs.put("c/r/bin", Readable.from([bin.subarray(0, 1000), bin.subarray(1000)]), "application/octet-stream");
    expect((await readAll(fs, "c/r/bin")).equals(bin)).toBe(true);
    expect((await fs.stat("c/r/bin")).size).toBe(bin.length);
    await fs.put("c/r/empty", Buffer.alloc(0), "text/plain");
    expect((await fs.stat("c/r/empty")).size).toBe(0);
    expect((await readAll(fs, "c/r/empty")).length).toBe(0);
    await fs.put("c/r/unicode", Buffer.from("x"), "text/plain", { metadata: { "original-filename": "日本 語%.txt" } });
    expect((await fs.stat("c/r/unicode")).metadata).toEqual({ "original-filename": "日本 語%.txt" });
    await fs.close();
  });

  it("reports missing files", async () => {
    const fs = await make();
    expect(await fs.exists("c/r/missing")).toBe(false);
    await expect(fs.stat("c/r/missing")).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(fs.read("c/r/missing")).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(fs.delete("c/r/missing")).resolves.toBeUndefined();
    await fs.close();
  });

  it("deletes, lists and deletes by prefix", async () => {
    const fs = await make();
    const keys = ["c1/r1/a.txt", "c1/r1/b.txt", "c1/r1/thumbs_a.txt/10x10_a.txt", "c1/r2/c.txt", "c2/r1/d.txt", "c1/r10/e.txt"];
    for (const k of keys) await fs.put(k, Buffer.from(k), "text/plain");
    expect((await fs.list("")).map((e) => e.key)).toEqual([...keys].sort());
    expect((await fs.list("c1/r1/")).map((e) => e.key)).toEqual(["c1/r1/a.txt", "c1/r1/b.txt", "c1/r1/thumbs_a.txt/10x10_a.txt"]);
    expect((await fs.list("c1/r1")).map((e) => e.key)).toEqual(["c1/r1/a.txt", "c1/r1/b.txt", "c1/r1/thumbs_a.txt/10x10_a.txt", "c1/r10/e.txt"]);
    expect((await fs.list("c1/r1/thumbs_")).map((e) => e.key)).toEqual(["c1/r1/thumbs_a.txt/10x10_a.txt"]);
    const listed = await fs.list("c2/");
    expect(listed).toHaveLength(1);
    expect(listed[0].size).toBe("c2/r1/d.txt".length);
    expect(listed[0].modified).toBeInstanceOf(Date);

    await fs.delete("c1/r1/b.txt");
    expect(await fs.exists("c1/r1/b.txt")).toBe(false);
    expect(await fs.deletePrefix("c1/r1/")).toBe(2);
    expect((await fs.list("")).map((e) => e.key)).toEqual(["c1/r10/e.txt", "c1/r2/c.txt", "c2/r1/d.txt"]);
    expect(await fs.deletePrefix("nothing/")).toBe(0);
    await fs.close();
  });

  it("lists many files (paging through the store)", async () => {
    const fs = await make();
    const keys = Array.from({ length: 30 }, (_, i) => `p/r/f${String(i).padStart(2, "0")}`);
    await Promise.all(keys.map((k) => fs.put(k, Buffer.from("x"), "text/plain")));
    expect((await fs.list("p/")).map((e) => e.key)).toEqual(keys);
    expect(await fs.deletePrefix("p/")).toBe(30);
    expect(await fs.list("p/")).toEqual([]);
    await fs.close();
  });
}
