/**
 * The file layer against the reference binary: stored names, content sniffing, thumbs
 * (dimensions and pixels) and the headers/bodies of file answers, plus data-directory
 * compatibility both ways (local storage and S3).
 */
import Fastify, { type FastifyInstance } from "fastify";
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAll } from "../files/filesystem.js";
import { LocalFileSystem } from "../files/local.js";
import { detectMime } from "../files/mime.js";
import { storedFileName, uploadBaseName } from "../files/names.js";
import { locateRecordFile, parseDownloadFlag } from "../files/recordFiles.js";
import { dropFileHeaders, sendServeResult } from "./fileReply.js";
import { serveLocatedFile } from "./fileServe.js";
import { S3FileSystem } from "../files/s3.js";
import { parseThumbSize, renderThumb, Thumbnailer } from "../files/thumbs.js";
import { adminToken, call } from "../../test/support/client.js";
import { cleanupTempDirs, referenceDataDir, tempDir } from "../../test/support/dataDirs.js";
import { freePort } from "../../test/support/ports.js";
import { startReference, type RunningServer } from "../../test/support/servers.js";
import { MIME_SAMPLES } from "../../test/support/mimeSamples.js";

const THUMBS = ["100x100", "50x0", "0x50", "80x40t", "80x40b", "80x40f", "500x500", "600x0", "0x600", "500x500f", "500x100t", "10x10", "100x400f", "01x02"];

let ref: RunningServer;
let token: string;
let refStorage: LocalFileSystem;
let collectionId: string;

interface RecordJson {
  id: string;
  files: string[];
}

async function upload(files: [string, Buffer][], collection = "docs"): Promise<RecordJson> {
  const fd = new FormData();
  for (const [name, data] of files) fd.append("files", new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${ref.url}/api/collections/${collection}/records`, { method: "POST", body: fd });
  const body = (await res.json()) as RecordJson;
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function fetchBytes(url: string): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const res = await fetch(url);
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  const dir = referenceDataDir();
  ref = await startReference(dir);
  token = await adminToken(ref);
  refStorage = new LocalFileSystem(path.join(dir, "storage"));
  const res = await call(ref, {
    method: "POST",
    path: "/api/collections",
    token,
    body: {
      name: "docs",
      type: "base",
      listRule: "",
      viewRule: "",
      createRule: "",
      schema: [{ name: "files", type: "file", options: { maxSelect: 999, maxSize: 50 << 20, mimeTypes: [], thumbs: THUMBS } }],
    },
  });
  expect(res.status).toBe(200);
  collectionId = (res.body as { id: string }).id;
});

afterAll(async () => {
  await ref?.stop();
  cleanupTempDirs();
});

// ---------------------------------------------------------------------------
// Images

function gradient(w: number, h: number) {
  const raw = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) raw.set([Math.round((255 * x) / (w - 1)), Math.round((255 * y) / (h - 1)), (x * 7 + y * 3) % 256], (y * w + x) * 3);
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } });
}

async function images(): Promise<[string, Buffer][]> {
  const frames = await Promise.all(
    ["#ff0000", "#00ff00", "#0000ff"].map((c) => sharp({ create: { width: 40, height: 30, channels: 3, background: c } }).png().toBuffer()),
  );
  return [
    ["grad.png", await gradient(300, 200).png().toBuffer()],
    ["grad.jpg", await gradient(300, 200).jpeg({ quality: 95 }).toBuffer()],
    ["grad.gif", await gradient(300, 200).gif().toBuffer()],
    ["tall.png", await gradient(120, 400).png().toBuffer()],
    ["small.png", await gradient(60, 40).png().toBuffer()],
    ["alpha.png", await sharp({ create: { width: 60, height: 40, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer()],
    ["anim.gif", await sharp(frames, { join: { animated: true } }).gif({ delay: [100, 100, 100], loop: 0 }).toBuffer()],
    ["exif6.jpg", await gradient(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer()],
    ["jpgAsPng.png", await gradient(300, 200).jpeg().toBuffer()],
    ["pngAsTxt.txt", await gradient(200, 150).png().toBuffer()],
  ];
}

async function rgba(img: Buffer) {
  return sharp(img).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
}

// ---------------------------------------------------------------------------

describe("stored names", () => {
  const NAMES = [
    "Hello World.TXT", "a.b.c.tar.gz", "noext", "...", "ÄÖÜ çà.png", ".hidden", ".env.local", "x!@#$%^&()+=y.JPG", "trailing.",
    "getHTTPResponse.txt", "_a_.txt", "ab.txt", "abc.txt", "file.日本", "file.A-b+c=d#e*f", "a..b", "naïveX.txt", "a1B2c3.txt",
    "s.x.abcdefghijklmnopqrs", "s.ab$cdefghijklmnopqrstu", "L".repeat(150) + ".txt", "abc ".repeat(40) + ".txt", "dir/sub/x.txt", "myTestDB.json",
  ];

  it("match the reference's for the same uploads", async () => {
    const content = Buffer.from("plain text");
    const rec = await upload(NAMES.map((n) => [n, content]));
    expect(rec.files).toHaveLength(NAMES.length);
    NAMES.forEach((n, i) => {
      const ours = storedFileName(uploadBaseName(n), { random: (k) => "\u0000".repeat(k), detectedExt: detectMime(content).ext });
      const pattern = new RegExp("^" + ours.replace(/[.*+?^${}()|[\]\\#-]/g, "\\$&").replace(/\u0000{10}/g, "[A-Za-z0-9]{10}") + "$");
      expect(rec.files[i], `${n} -> ${ours}`).toMatch(pattern);
    });
  });
});

describe("content sniffing", () => {
  it("gives names without extension the reference's extension and content type", async () => {
    const names = Object.keys(MIME_SAMPLES);
    const rec = await upload(names.map((n) => [n, MIME_SAMPLES[n]]));
    const diffs: string[] = [];
    for (let i = 0; i < names.length; i++) {
      const stored = rec.files[i];
      const ext = /_[A-Za-z0-9]{10}((\.[^_]*)?)$/.exec(stored)![1];
      const st = await refStorage.stat(`${collectionId}/${rec.id}/${stored}`);
      const ours = detectMime(MIME_SAMPLES[names[i]]);
      if (ours.ext !== ext || ours.mime !== st.contentType) diffs.push(`${names[i]}: reference ${ext} ${st.contentType}, cairn ${ours.ext} ${ours.mime}`);
      expect(st.metadata).toEqual({ "original-filename": names[i] });
    }
    expect(diffs).toEqual([]);
  });
});

describe("thumbs", () => {
  let rec: RecordJson;
  let sources: [string, Buffer][];
  beforeAll(async () => {
    sources = await images();
    rec = await upload(sources);
  });

  it("have the reference's dimensions, format and (roughly) pixels", async () => {
    for (let i = 0; i < sources.length; i++) {
      const [name, data] = sources[i];
      const stored = rec.files[i];
      for (const size of THUMBS) {
        const res = await fetchBytes(`${ref.url}/api/files/docs/${rec.id}/${stored}?thumb=${size}`);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-disposition")).toBe(`inline; filename=${size}_${stored}`);
        const ours = await renderThumb(data, parseThumbSize(size)!, stored);
        const [a, b] = await Promise.all([rgba(ours), rgba(res.body)]);
        const [ma, mb] = await Promise.all([sharp(ours).metadata(), sharp(res.body).metadata()]);
        const where = `${name} ${size}`;
        expect(ma.format, where).toBe(mb.format);
        expect([a.info.width, a.info.height], where).toEqual([b.info.width, b.info.height]);
        expect(ma.pages ?? 1, where).toBe(mb.pages ?? 1);
        let diff = 0;
        for (let k = 0; k < a.data.length; k++) diff += Math.abs(a.data[k] - b.data[k]);
        const mean = diff / a.data.length;
        // GIF output is palette-quantized differently (dithering); the rest is close.
        const limit = mb.format === "gif" && !name.startsWith("anim") ? 25 : 4;
        expect(mean, `${where}: mean abs pixel difference ${mean.toFixed(2)}`).toBeLessThanOrEqual(limit);
      }
    }
  }, 120_000); // sharp and the reference resize many images: slow on a loaded 2-core machine

  it("are stored where the reference stores them, with the original's content type", async () => {
    const stored = rec.files[sources.findIndex(([n]) => n === "jpgAsPng.png")];
    const keys = (await refStorage.list(`${collectionId}/${rec.id}/thumbs_${stored}/`)).map((e) => e.key);
    expect(keys).toContain(`${collectionId}/${rec.id}/thumbs_${stored}/80x40t_${stored}`);
    const st = await refStorage.stat(`${collectionId}/${rec.id}/thumbs_${stored}/80x40t_${stored}`);
    expect(st.contentType).toBe("image/jpeg");
    expect(st.metadata).toBeUndefined();
  });
});

describe("file answers", () => {
  let cairn: FastifyInstance;
  let cairnUrl: string;
  const recs: Record<string, { id: string; name: string }> = {};

  beforeAll(async () => {
    const webp = await gradient(30, 20).webp().toBuffer();
    const png = await gradient(30, 20).png().toBuffer();
    const files: [string, Buffer][] = [
      ["pic.png", png],
      ["pic.jpg", await gradient(30, 20).jpeg().toBuffer()],
      ["pic.webp", webp],
      ["vector.svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"></svg>')],
      ["page.html", Buffer.from("<!DOCTYPE html><html><body>x</body></html>")],
      ["data.json", Buffer.from('{"a":1}')],
      ["blob", Buffer.from([0, 1, 2, 3, 255, 254, 0, 0, 7])],
      ["empty.txt", Buffer.alloc(0)],
      ["notes.txt", Buffer.from("hello world, this is some text\n".repeat(10))],
      ["broken.png", Buffer.concat([png.subarray(0, 60), Buffer.alloc(100, 7)])],
      ["gone.txt", Buffer.from("soon deleted")],
    ];
    const rec = await upload(files);
    files.forEach(([n], i) => (recs[n] = { id: rec.id, name: rec.files[i] }));
    // Cairn serves a copy of the reference's storage (timestamps kept), with the same file gone from both.
    const copy = path.join(tempDir("cairn-files-"), "storage");
    cpSync(refStorage.root, copy, { recursive: true, preserveTimestamps: true });
    const gone = `${collectionId}/${rec.id}/${recs["gone.txt"].name}`;
    rmSync(path.join(refStorage.root, gone));
    rmSync(path.join(copy, gone));
    const fs = new LocalFileSystem(copy);
    const thumbs = new Thumbnailer(fs);
    cairn = Fastify();
    cairn.addHook("onRequest", async (_req, reply) => {
      reply.header("X-Frame-Options", "SAMEORIGIN");
    });
    cairn.get("/api/files/:collection/:record/:file", async (req, reply) => {
      const p = req.params as { record: string; file: string };
      const q = req.query as { thumb?: string; download?: string };
      const file = await locateRecordFile(fs, thumbs, {
        collectionId,
        recordId: p.record,
        filename: p.file,
        fieldThumbs: THUMBS,
        thumb: q.thumb,
        download: parseDownloadFlag(q.download),
      });
      if (!file) {
        dropFileHeaders(reply);
        return reply.status(404).send({ code: 404, message: "The requested resource wasn't found.", data: {} });
      }
      return sendServeResult(reply, await serveLocatedFile(file, req));
    });
    const port = await freePort();
    await cairn.listen({ host: "127.0.0.1", port });
    cairnUrl = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await cairn?.close();
  });

  const COMPARED = ["accept-ranges", "cache-control", "content-disposition", "content-length", "content-range", "content-security-policy", "content-type", "last-modified", "x-frame-options"];
  const mask = (s: string | null) => s?.replace(/[0-9a-f]{60}/g, "<boundary>") ?? null;

  async function both(file: string, query = "", headers: Record<string, string> = {}, method = "GET") {
    const r = recs[file];
    const url = `/api/files/docs/${r.id}/${r.name}${query}`;
    const answer = async (base: string) => {
      const res = await fetch(base + url, { method, headers });
      const body = Buffer.from(await res.arrayBuffer());
      return {
        status: res.status,
        headers: Object.fromEntries(COMPARED.map((h) => [h, mask(res.headers.get(h))])),
        body: mask(body.toString("latin1")),
      };
    };
    return Promise.all([answer(ref.url), answer(cairnUrl)]);
  }

  const lmOf = async (file: string) => (await fetch(`${ref.url}/api/files/docs/${recs[file].id}/${recs[file].name}`, { method: "HEAD" })).headers.get("last-modified")!;

  const PLAIN = ["pic.png", "pic.jpg", "pic.webp", "vector.svg", "page.html", "data.json", "blob", "empty.txt", "notes.txt"];
  it.each(PLAIN)("GET %s matches", async (file) => {
    const [a, b] = await both(file);
    expect(b).toEqual(a);
  });

  it.each(["?download=1", "?download=true", "?download=T", "?download=0", "?download=yes", "?download="])("download flag %s matches", async (q) => {
    const [a, b] = await both("pic.png", q);
    expect(b).toEqual(a);
  });

  it("HEAD matches", async () => {
    const [a, b] = await both("notes.txt", "", {}, "HEAD");
    expect(b).toEqual(a);
  });

  const RANGES = ["bytes=0-9", "bytes=90-", "bytes=-5", "bytes=10-100000", "bytes=0-0", "bytes=-0", "bytes=100000-", "bytes=0-1,5-6", "bytes=5-2", "bytes=abc", "items=0-5", "bytes=0-50,40-300", "bytes= 3 - 4 , 8-9", "bytes=1--5"];
  it.each(RANGES)("Range %s matches", async (range) => {
    const [a, b] = await both("notes.txt", "", { Range: range });
    expect(b).toEqual(a);
  });

  it("conditional requests match", async () => {
    const lm = await lmOf("notes.txt");
    const variants: Record<string, string>[] = [
      { "If-Modified-Since": lm },
      { "If-Modified-Since": "Sat, 01 Jan 2000 00:00:00 GMT" },
      { "If-None-Match": "*" },
      { "If-None-Match": '"abc"' },
      { "If-None-Match": '"abc"', "If-Modified-Since": lm },
      { "If-Match": '"abc"' },
      { "If-Match": "*" },
      { "If-Unmodified-Since": "Sat, 01 Jan 2000 00:00:00 GMT" },
      { "If-Unmodified-Since": lm },
      { Range: "bytes=0-9", "If-Range": lm },
      { Range: "bytes=0-9", "If-Range": "Sat, 01 Jan 2000 00:00:00 GMT" },
      { Range: "bytes=0-9", "If-Range": '"etag"' },
    ];
    for (const h of variants) {
      const [a, b] = await both("notes.txt", "", h);
      expect(b, JSON.stringify(h)).toEqual(a);
    }
  });

  it("serves the original for thumbs that are not allowed or not possible", async () => {
    for (const [file, q] of [["pic.png", "?thumb=200x200"], ["pic.png", "?thumb=100X100"], ["pic.png", "?thumb=1x2"], ["pic.webp", "?thumb=100x100"], ["data.json", "?thumb=100x100"], ["broken.png", "?thumb=100x100"]]) {
      const [a, b] = await both(file, q);
      expect(b, file + q).toEqual(a);
    }
  });

  it("serves thumbs with the same headers (bytes differ)", async () => {
    for (const q of ["?thumb=100x100", "?thumb=01x02", "?thumb=80x40f&download=1", "?thumb=50x0"]) {
      for (const file of ["pic.png", "pic.jpg"]) {
        const [a, b] = await both(file, q);
        const strip = (x: typeof a) => ({ ...x, body: null, headers: { ...x.headers, "content-length": null, "last-modified": null } });
        expect(strip(b), file + q).toEqual(strip(a));
      }
    }
  });

  it("answers 404 without X-Frame-Options when the file is gone from storage", async () => {
    const [a, b] = await both("gone.txt");
    expect(a.status).toBe(404);
    // (The JSON error envelope itself is the app error handler's business.)
    expect([b.status, b.headers["x-frame-options"], JSON.parse(b.body!)]).toEqual([a.status, a.headers["x-frame-options"], JSON.parse(a.body!)]);
  });

  it("the reference serves a file written by Cairn's local storage", async () => {
    const key = `${collectionId}/${recs["blob"].id}/${recs["blob"].name}`;
    await refStorage.put(key, Buffer.from("GIF89a written by cairn"), "image/gif", { metadata: { "original-filename": "blob" } });
    const res = await fetchBytes(`${ref.url}/api/files/docs/${recs["blob"].id}/${recs["blob"].name}`);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe("GIF89a written by cairn");
    expect(res.headers.get("content-type")).toBe("image/gif");
    expect(res.headers.get("content-disposition")).toBe(`inline; filename=${recs["blob"].name}`);
  });
});

describe("S3 storage (reference and Cairn on the same s3rver bucket)", () => {
  let s3server: S3rver;
  let fs: S3FileSystem;

  beforeAll(async () => {
    const port = await freePort();
    s3server = new S3rver({ address: "127.0.0.1", port, silent: true, directory: tempDir("s3rver-"), configureBuckets: [{ name: "pb" }], vhostBuckets: false });
    await s3server.run();
    const s3 = { enabled: true, bucket: "pb", region: "us-east-1", endpoint: `http://127.0.0.1:${port}`, accessKey: "S3RVER", secret: "S3RVER", forcePathStyle: true };
    const res = await call(ref, { method: "PATCH", path: "/api/settings", token, body: { s3 } });
    expect(res.status).toBe(200);
    fs = new S3FileSystem(s3);
  });

  afterAll(async () => {
    await call(ref, { method: "PATCH", path: "/api/settings", token, body: { s3: { enabled: false } } }).catch(() => undefined);
    await fs?.close();
    await s3server?.close();
  });

  it("reads what the reference uploads, with the same keys, type and metadata", async () => {
    const png = await gradient(300, 200).png().toBuffer();
    const rec = await upload([["My Photo.png", png], ["notes", Buffer.from("some text")]]);
    const [photo, notes] = rec.files;
    const st = await fs.stat(`${collectionId}/${rec.id}/${photo}`);
    expect(st.contentType).toBe("image/png");
    expect(st.metadata).toEqual({ "original-filename": "My Photo.png" });
    expect((await readAll(fs, `${collectionId}/${rec.id}/${photo}`)).equals(png)).toBe(true);
    expect((await fs.stat(`${collectionId}/${rec.id}/${notes}`)).contentType).toBe("text/plain; charset=utf-8");
    // Thumbs land under the same keys as on disk.
    expect((await fetch(`${ref.url}/api/files/docs/${rec.id}/${photo}?thumb=80x40t`)).status).toBe(200);
    expect((await fs.list(`${collectionId}/${rec.id}/`)).map((e) => e.key)).toEqual(
      [`${collectionId}/${rec.id}/${notes}`, `${collectionId}/${rec.id}/${photo}`, `${collectionId}/${rec.id}/thumbs_${photo}/80x40t_${photo}`].sort(),
    );
  });

  it("the reference serves what Cairn writes", async () => {
    const rec = await upload([["x.txt", Buffer.from("original")]]);
    const key = `${collectionId}/${rec.id}/${rec.files[0]}`;
    await fs.put(key, Buffer.from("%PDF-1.4 from cairn"), "application/pdf", { metadata: { "original-filename": "x y.txt" } });
    const res = await fetchBytes(`${ref.url}/api/files/docs/${rec.id}/${rec.files[0]}`);
    expect(res.body.toString()).toBe("%PDF-1.4 from cairn");
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`inline; filename=${rec.files[0]}`);
    // And deleting the record removes everything under its prefix from the bucket.
    expect((await call(ref, { method: "DELETE", path: `/api/collections/docs/records/${rec.id}`, token })).status).toBe(204);
    // The reference deletes a record's files in the background.
    for (let i = 0; i < 50 && (await fs.list(`${collectionId}/${rec.id}/`)).length; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await fs.list(`${collectionId}/${rec.id}/`)).toEqual([]);
  });
});
