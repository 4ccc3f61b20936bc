/**
 * Large uploads stream: a 1 GB file, on local storage and on a real S3 server (s3rver),
 * goes to a field allowing it, with Cairn (the built
 * CLI, as a child process) growing its peak RSS by less than 100 MB; Range downloads
 * return the right bytes; a file one byte over maxSize and a client that goes away
 * mid-upload leave nothing behind (no temp file, object, multipart upload or record).
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, call } from "../../test/support/client.js";
import { cairnDataDir, cleanupTempDirs } from "../../test/support/dataDirs.js";
import { startS3, type RunningS3 } from "../../test/support/s3.js";
import { S3FileSystem } from "../files/s3.js";
import type { RunningServer } from "../../test/support/servers.js";
import { CAIRN_CLI, expectedRange, peakRss, startChild, uploadGenerated, type ChildServer } from "../../test/support/uploads.js";

const GB = 1 << 30;
const MB = 1 << 20;
const COLL = "big000000000001";
/** The `clip` field's maxSize: above one S3 part, so the refused upload was a multipart one. */
const CLIP_MAX = 20 * MB;
const VIDEOS = {
  id: COLL,
  name: "videos",
  listRule: "", viewRule: "", createRule: "", updateRule: "",
  schema: [
    { name: "title", type: "text" },
    { name: "v", type: "file", options: { maxSelect: 1, maxSize: GB + MB } },
    { name: "clip", type: "file", options: { maxSelect: 1, maxSize: CLIP_MAX } },
  ],
};

afterAll(cleanupTempDirs);

interface Env {
  server: ChildServer;
  dataDir: string;
  token: string;
  /** Files stored under the collection (local storage) or in the bucket (S3, with multipart uploads left open). */
  storedFiles(): Promise<string[]>;
}

async function start(settings?: unknown): Promise<Omit<Env, "storedFiles">> {
  const dataDir = await cairnDataDir();
  const server = await startChild(process.execPath, [CAIRN_CLI, "serve", "--dir", dataDir]);
  const as = { name: "cairn", url: server.url, dataDir, stop: server.stop } as RunningServer;
  const token = await adminToken(as);
  if (settings) expect((await call(as, { method: "PATCH", path: "/api/settings", token, body: settings })).status).toBe(200);
  expect((await call(as, { method: "POST", path: "/api/collections", token, body: VIDEOS })).status).toBe(200);
  return { server, dataDir, token };
}

const RECS = "/api/collections/videos/records";

const tempFiles = (dataDir: string) => {
  const dir = path.join(dataDir, ".tmp", "uploads");
  return existsSync(dir) ? readdirSync(dir) : [];
};

async function recordCount(env: Env): Promise<number> {
  const res = await fetch(`${env.server.url}${RECS}?perPage=1`, { headers: { authorization: env.token } });
  return ((await res.json()) as { totalItems: number }).totalItems;
}

async function range(env: Env, id: string, name: string, start: number, end: number) {
  const res = await fetch(`${env.server.url}/api/files/videos/${id}/${name}`, { headers: { range: `bytes=${start}-${end}` } });
  return { status: res.status, contentRange: res.headers.get("content-range"), body: Buffer.from(await res.arrayBuffer()) };
}

/** The scenarios each storage runs. */
function scenarios(big: number, env: () => Env, checkStored: (e: Env, id: string, name: string, size: number, md5?: string) => Promise<void>) {
  it(`stores a ${big / MB} MB upload with flat memory and serves byte ranges of it`, async () => {
    const e = env();
    // Warm up the upload path, then measure the peak RSS growth of the big one.
    const small = await uploadGenerated({ url: e.server.url, method: "POST", path: RECS, token: e.token, field: "v", filename: "movie.bin", size: 4 * MB, md5: true });
    expect(small.status).toBe(200);
    const first = small.body as { id: string; v: string };
    await checkStored(e, first.id, first.v, 4 * MB, small.md5);
    const before = peakRss(e.server.pid);
    const up = await uploadGenerated({ url: e.server.url, method: "POST", path: RECS, token: e.token, field: "v", filename: "movie.bin", size: big, values: { title: "big" } });
    const grown = peakRss(e.server.pid) - before;
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(grown, `peak RSS grew by ${(grown / MB).toFixed(1)} MB`).toBeLessThan(100 * MB);
    const rec = up.body as { id: string; v: string; title: string };
    expect(rec.title).toBe("big");
    expect(rec.v).toMatch(/^movie_[A-Za-z0-9]{10}\.bin$/);
    await checkStored(e, rec.id, rec.v, big);
    for (const [start, end] of [[0, 99], [MB - 3, MB + 12], [big / 2 - 5, big / 2 + 4096], [big - 10, big - 1]]) {
      const r = await range(e, rec.id, rec.v, start, end);
      expect(r.status).toBe(206);
      expect(r.contentRange).toBe(`bytes ${start}-${end}/${big}`);
      expect(r.body.equals(expectedRange(start, end)), `bytes ${start}-${end}`).toBe(true);
    }
    expect(tempFiles(e.dataDir)).toEqual([]);
  }, 180_000);

  it("refuses a file one byte over maxSize with the field error, leaving nothing behind", async () => {
    const e = env();
    const records = await recordCount(e);
    const stored = await e.storedFiles();
    const up = await uploadGenerated({ url: e.server.url, method: "POST", path: RECS, token: e.token, field: "clip", filename: "clip.bin", size: CLIP_MAX + 1 });
    expect(up.status).toBe(400);
    expect(up.body).toMatchObject({ data: { clip: { code: "validation_file_size_limit" } } });
    expect(tempFiles(e.dataDir)).toEqual([]);
    expect(await recordCount(e)).toBe(records);
    expect(await e.storedFiles()).toEqual(stored);
    // Exactly maxSize is fine.
    const ok = await uploadGenerated({ url: e.server.url, method: "POST", path: RECS, token: e.token, field: "clip", filename: "clip.bin", size: CLIP_MAX });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  }, 60_000);

  it("stores a file under the id a create names after the file part", async () => {
    const e = env();
    const stored = await e.storedFiles();
    const form = new FormData();
    form.append("v", new Blob([Buffer.from("late id")]), "late.txt");
    form.append("id", "lateid000000001");
    const res = await fetch(`${e.server.url}${RECS}`, { method: "POST", headers: { authorization: e.token }, body: form });
    const rec = (await res.json()) as { id: string; v: string };
    expect(res.status, JSON.stringify(rec)).toBe(200);
    expect(rec.id).toBe("lateid000000001");
    const file = await fetch(`${e.server.url}/api/files/videos/${rec.id}/${rec.v}`);
    expect(await file.text()).toBe("late id");
    // Nothing else was left (the upload streamed under another id on S3 was moved).
    const added = (await e.storedFiles()).filter((k) => !stored.includes(k));
    expect(added).toContain(`${COLL}/${rec.id}/${rec.v}`);
    expect(added.filter((k) => !k.startsWith(`${COLL}/${rec.id}`))).toEqual([]);
  });

  it("leaves nothing behind when the client goes away halfway", async () => {
    const e = env();
    const records = await recordCount(e);
    const stored = await e.storedFiles();
    const size = 64 * MB;
    const up = await uploadGenerated({ url: e.server.url, method: "POST", path: RECS, token: e.token, field: "v", filename: "gone.bin", size, abortAfter: size / 2 });
    expect(up.status).toBe(0);
    // The server notices the disconnect and cleans up after the client is gone.
    await expect.poll(() => tempFiles(e.dataDir), { timeout: 10_000 }).toEqual([]);
    await expect.poll(() => e.storedFiles(), { timeout: 10_000 }).toEqual(stored);
    expect(await recordCount(e)).toBe(records);
  }, 60_000);
}

describe("large uploads, local storage", () => {
  let env: Env;
  beforeAll(async () => {
    const s = await start();
    const dir = path.join(s.dataDir, "storage", COLL);
    const walk = (d: string): string[] => (existsSync(d) ? readdirSync(d, { recursive: true, encoding: "utf8" }).sort() : []);
    env = { ...s, storedFiles: async () => walk(dir).map((p) => `${COLL}/${p}`) };
  });
  afterAll(() => env?.server.stop());

  scenarios(
    GB,
    () => env,
    async (e, id, name, size, md5) => {
      const file = path.join(e.dataDir, "storage", COLL, id, name);
      expect(statSync(file).size).toBe(size);
      const attrs = JSON.parse(readFileSync(file + ".attrs", "utf8")) as Record<string, unknown>;
      expect(attrs).toMatchObject({ "user.content_type": "application/octet-stream", "user.metadata": { "original-filename": "movie.bin" } });
      // The sidecar's MD5 was computed from the bytes as they arrived: it matches what was sent.
      if (md5) expect(attrs.md5).toBe(md5);
    },
  );
});

describe("large uploads, S3 storage (s3rver)", () => {
  let env: Env;
  let s3: RunningS3;
  let bucket: S3FileSystem;
  beforeAll(async () => {
    s3 = await startS3("uploads");
    const s = await start({ s3: { enabled: true, ...s3.config } });
    bucket = new S3FileSystem(s3.config);
    env = { ...s, storedFiles: async () => [...(await bucket.list(COLL + "/")).map((f) => f.key), ...s3.pendingUploads().map((u) => `upload ${u}`)] };
  });
  afterAll(async () => {
    await bucket?.close();
    await env?.server.stop();
    await s3?.close();
  });

  scenarios(
    GB,
    () => env,
    async (e, id, name, size, md5) => {
      expect(await e.storedFiles()).toContain(`${COLL}/${id}/${name}`);
      if (md5) {
        const res = await fetch(`${e.server.url}/api/files/videos/${id}/${name}`);
        expect(createHash("md5").update(Buffer.from(await res.arrayBuffer())).digest("base64")).toBe(md5);
      } else {
        const head = await fetch(`${e.server.url}/api/files/videos/${id}/${name}`, { method: "HEAD" });
        expect(head.headers.get("content-length")).toBe(String(size));
      }
    },
  );
});
