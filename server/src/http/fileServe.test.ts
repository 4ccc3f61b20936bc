import { utimesSync } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalFileSystem } from "../files/local.js";
import { parseDownloadFlag } from "../files/recordFiles.js";
import {
  contentDisposition,
  FILE_CACHE_CONTROL,
  FILE_CSP,
  parseHttpDate,
  parseRange,
  serveFile,
  servedContentType,
  type ServeResult,
} from "./fileServe.js";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";

const DATA = Buffer.from(Array.from({ length: 95 }, (_, i) => i));
const MTIME = new Date("2026-11-21T18:29:12.345Z");
const LM = "Sat, 21 Nov 2026 18:29:12 GMT";
let fs: LocalFileSystem;

beforeAll(async () => {
  const root = path.join(tempDir("cairn-serve-"), "storage");
  fs = new LocalFileSystem(root);
  await fs.put("c/r/png_W43GbOcgWx.png", DATA, "image/png");
  await fs.put("c/r/svg_x.svg", Buffer.from("<svg/>"), "text/xml");
  await fs.put("c/r/svg_y.SVG", Buffer.from("<svg/>"), "text/xml");
  await fs.put("c/r/empty.txt", Buffer.alloc(0), "text/plain");
  await fs.put("c/r/blank_type", Buffer.from("x"), "");
  for (const f of ["png_W43GbOcgWx.png", "svg_x.svg", "empty.txt"]) utimesSync(path.join(root, "c/r", f), MTIME, MTIME);
});
afterAll(cleanupTempDirs);

async function get(key: string, headers: Record<string, string> = {}, method = "GET", download = false) {
  const res = (await serveFile(fs, key, { method, headers: lower(headers) }, { download }))!;
  return { ...res, text: await bodyOf(res) };
}

function lower(h: Record<string, string>) {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
}

async function bodyOf(res: ServeResult): Promise<Buffer | null> {
  if (res.body === null) return null;
  if (typeof res.body === "string") return Buffer.from(res.body);
  const chunks: Buffer[] = [];
  for await (const c of res.body as Readable) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

const PNG = "c/r/png_W43GbOcgWx.png";

describe("serveFile", () => {
  it("serves a file with the reference's headers", async () => {
    const r = await get(PNG);
    expect(r.status).toBe(200);
    expect(r.headers).toEqual({
      "Accept-Ranges": "bytes",
      "Cache-Control": FILE_CACHE_CONTROL,
      "Content-Disposition": "inline; filename=png_W43GbOcgWx.png",
      "Content-Length": "95",
      "Content-Security-Policy": FILE_CSP,
      "Content-Type": "image/png",
      "Last-Modified": LM,
    });
    expect(r.removeHeaders).toEqual(["X-Frame-Options"]);
    expect(r.text!.equals(DATA)).toBe(true);
  });

  it("answers null for a missing file", async () => {
    expect(await serveFile(fs, "c/r/nope.png", { method: "GET", headers: {} })).toBeNull();
  });

  it("answers HEAD with headers only", async () => {
    const r = await get(PNG, {}, "HEAD");
    expect(r.status).toBe(200);
    expect(r.headers["Content-Length"]).toBe("95");
    expect(r.body).toBeNull();
  });

  it("makes downloads attachments and names the file", async () => {
    const r = await get(PNG, {}, "GET", true);
    expect(r.headers["Content-Disposition"]).toBe("attachment; filename=png_W43GbOcgWx.png");
    const named = await serveFile(fs, PNG, { method: "GET", headers: {} }, { name: "100x100_x.png" });
    expect(named!.headers["Content-Disposition"]).toBe("inline; filename=100x100_x.png");
  });

  it("serves .svg names as image/svg+xml (lowercase extension only)", async () => {
    expect((await get("c/r/svg_x.svg")).headers["Content-Type"]).toBe("image/svg+xml");
    expect((await get("c/r/svg_x.svg")).headers["Content-Disposition"]).toBe("attachment; filename=svg_x.svg");
    expect((await get("c/r/svg_y.SVG")).headers["Content-Type"]).toBe("text/xml");
  });

  it("keeps an empty stored content type, and an empty file has an empty body", async () => {
    expect((await get("c/r/blank_type")).headers["Content-Type"]).toBe("");
    const e = await get("c/r/empty.txt");
    expect(e.status).toBe(200);
    expect(e.headers["Content-Length"]).toBe("0");
    expect(e.text!.length).toBe(0);
  });

  describe("ranges", () => {
    const single: [string, number, string, number][] = [
      ["bytes=0-9", 206, "bytes 0-9/95", 10],
      ["bytes=90-", 206, "bytes 90-94/95", 5],
      ["bytes=-5", 206, "bytes 90-94/95", 5],
      ["bytes=90-200", 206, "bytes 90-94/95", 5],
      ["bytes=0-0", 206, "bytes 0-0/95", 1],
      ["bytes=-0", 206, "bytes 95-94/95", 0],
      ["bytes=-200", 206, "bytes 0-94/95", 95],
      ["bytes= 3 - 4 ", 206, "bytes 3-4/95", 2],
      ["bytes=+3-4", 206, "bytes 3-4/95", 2],
      ["bytes=,3-4,", 206, "bytes 3-4/95", 2],
      ["bytes=95-,3-4", 206, "bytes 3-4/95", 2],
    ];
    it.each(single)("%s -> %i %s", async (range, status, contentRange, length) => {
      const r = await get(PNG, { Range: range });
      expect(r.status).toBe(status);
      expect(r.headers["Content-Range"]).toBe(contentRange);
      expect(r.headers["Content-Length"]).toBe(String(length));
      expect(r.headers["Content-Type"]).toBe("image/png");
      const start = Number(/bytes (\d+)/.exec(contentRange)![1]);
      expect(r.text!.equals(DATA.subarray(start, start + length))).toBe(true);
    });

    it.each(["bytes=95-", "bytes=200-300", "bytes=100-,200-"])("%s does not overlap: 416", async (range) => {
      const r = await get(PNG, { Range: range });
      expect(r.status).toBe(416);
      expect(r.headers["Content-Range"]).toBe("bytes */95");
      expect(r.headers["Content-Type"]).toBe("text/plain; charset=utf-8");
      expect(r.headers["Accept-Ranges"]).toBeUndefined();
      expect(r.headers["Content-Disposition"]).toBe("inline; filename=png_W43GbOcgWx.png");
      expect(r.text!.toString()).toBe("invalid range: failed to overlap\n");
    });

    it.each(["bytes=5-2", "bytes=abc", "items=0-5", "bytes=1", "bytes=--5", "bytes=-", "bytes=1--5", "bytes=0x1-2", "bytes=99999999999999999999-"])(
      "%s is invalid: 416",
      async (range) => {
        const r = await get(PNG, { Range: range });
        expect(r.status).toBe(416);
        expect(r.headers["Content-Range"]).toBeUndefined();
        expect(r.text!.toString()).toBe("invalid range\n");
      },
    );

    it("ignores ranges that add up to more than the file", async () => {
      const r = await get(PNG, { Range: "bytes=0-50,40-94" });
      expect(r.status).toBe(200);
      expect(r.headers["Content-Length"]).toBe("95");
    });

    it("answers several ranges as multipart/byteranges", async () => {
      const r = await get(PNG, { Range: "bytes=0-1,5-6" });
      expect(r.status).toBe(206);
      const m = /^multipart\/byteranges; boundary=([0-9a-f]{60})$/.exec(r.headers["Content-Type"]);
      expect(m).not.toBeNull();
      const b = m![1];
      const expected = Buffer.concat([
        Buffer.from(`--${b}\r\nContent-Range: bytes 0-1/95\r\nContent-Type: image/png\r\n\r\n`),
        DATA.subarray(0, 2),
        Buffer.from(`\r\n--${b}\r\nContent-Range: bytes 5-6/95\r\nContent-Type: image/png\r\n\r\n`),
        DATA.subarray(5, 7),
        Buffer.from(`\r\n--${b}--\r\n`),
      ]);
      expect(r.text!.equals(expected)).toBe(true);
      expect(r.headers["Content-Length"]).toBe("314");
    });

    it("parses like Go", () => {
      expect(parseRange("", 10)).toBeNull();
      expect(parseRange("bytes=", 10)).toEqual([]);
      expect(parseRange("bytes=1-2, 4-", 10)).toEqual([
        { start: 1, end: 2 },
        { start: 4, end: 9 },
      ]);
    });
  });

  describe("conditional requests", () => {
    it("304 when not modified since (second precision)", async () => {
      const r = await get(PNG, { "If-Modified-Since": LM });
      expect(r.status).toBe(304);
      expect(r.headers["Content-Type"]).toBeUndefined();
      expect(r.headers["Content-Length"]).toBeUndefined();
      expect(r.headers["Last-Modified"]).toBe(LM);
      expect(r.headers["Cache-Control"]).toBe(FILE_CACHE_CONTROL);
      expect(r.body).toBeNull();
      expect((await get(PNG, { "If-Modified-Since": "Sat, 21 Nov 2026 18:29:11 GMT" })).status).toBe(200);
      expect((await get(PNG, { "If-Modified-Since": "Sun, 22 Nov 2026 00:00:00 GMT" })).status).toBe(304);
      expect((await get(PNG, { "If-Modified-Since": "garbage" })).status).toBe(200);
    });

    it("If-None-Match: * is 304, any tag list is 200 (no ETag is sent), and it overrides If-Modified-Since", async () => {
      expect((await get(PNG, { "If-None-Match": "*" })).status).toBe(304);
      expect((await get(PNG, { "If-None-Match": '"abc"' })).status).toBe(200);
      expect((await get(PNG, { "If-None-Match": '"abc", *' })).status).toBe(304);
      expect((await get(PNG, { "If-None-Match": '"abc"', "If-Modified-Since": LM })).status).toBe(200);
    });

    it("If-Match and If-Unmodified-Since fail with 412", async () => {
      const r = await get(PNG, { "If-Match": '"abc"' });
      expect(r.status).toBe(412);
      expect(r.headers["Content-Length"]).toBe("0");
      expect(r.headers["Content-Type"]).toBe("image/png");
      expect(r.body).toBeNull();
      expect((await get(PNG, { "If-Match": "*" })).status).toBe(200);
      expect((await get(PNG, { "If-Match": 'garbage, *' })).status).toBe(412);
      expect((await get(PNG, { "If-Unmodified-Since": "Sat, 21 Nov 2020 18:29:12 GMT" })).status).toBe(412);
      expect((await get(PNG, { "If-Unmodified-Since": LM })).status).toBe(200);
    });

    it("If-Range with the modification date keeps the range, anything else drops it", async () => {
      expect((await get(PNG, { Range: "bytes=0-9", "If-Range": LM })).status).toBe(206);
      expect((await get(PNG, { Range: "bytes=0-9", "If-Range": "Sat, 21 Nov 2026 18:29:13 GMT" })).status).toBe(200);
      expect((await get(PNG, { Range: "bytes=0-9", "If-Range": '"etag"' })).status).toBe(200);
      expect((await get(PNG, { Range: "bytes=200-", "If-Range": '"etag"' })).status).toBe(200);
    });
  });
});

describe("helpers", () => {
  it("parses ?download= like strconv.ParseBool", () => {
    for (const v of ["1", "t", "T", "TRUE", "true", "True"]) expect(parseDownloadFlag(v)).toBe(true);
    for (const v of ["0", "", "yes", "2", "tRUE", undefined, ["1"]]) expect(parseDownloadFlag(v)).toBe(false);
  });

  it("parses the three HTTP date formats", () => {
    const t = Date.UTC(1994, 10, 6, 8, 49, 37);
    expect(parseHttpDate("Sun, 06 Nov 1994 08:49:37 GMT")).toBe(t);
    expect(parseHttpDate("sun, 06 nov 1994 08:49:37 GMT")).toBe(t);
    expect(parseHttpDate("Sunday, 06-Nov-94 08:49:37 GMT")).toBe(t);
    expect(parseHttpDate("Sun Nov  6 08:49:37 1994")).toBe(t);
    expect(parseHttpDate("Sun, 6 Nov 1994 08:49:37 GMT")).toBeNull();
    expect(parseHttpDate("Sun, 30 Feb 1994 08:49:37 GMT")).toBeNull();
    expect(parseHttpDate("Sun, 06 Nov 1994 08:49:37 UTC")).toBeNull();
    expect(parseHttpDate("1994-11-06T08:49:37Z")).toBeNull();
  });

  it("serves inline only the safe media types", () => {
    for (const t of ["image/png", "image/jpg", "video/mp4", "audio/x-wav", "application/pdf", "image/x-icon"]) {
      expect(contentDisposition("f", t, false)).toBe("inline; filename=f");
    }
    for (const t of ["image/svg+xml", "text/html; charset=utf-8", "text/plain", "image/avif", "IMAGE/PNG", "image/png; charset=x", ""]) {
      expect(contentDisposition("f", t, false)).toBe("attachment; filename=f");
    }
    expect(contentDisposition("f", undefined, false)).toBe("attachment; filename=f");
    expect(contentDisposition("f", "image/png", true)).toBe("attachment; filename=f");
    expect(servedContentType("a.bin", undefined)).toBe("application/octet-stream");
  });
});
