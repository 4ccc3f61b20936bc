/**
 * The orphan sweep at start (#30 item 8): storage folders without a record that nobody wrote
 * to for the spool's life go when Cairn starts; a record's folder, a younger folder and a
 * folder of an unknown collection stay. Cairn runs as `cairn serve` (a child process),
 * restarted over the same data directory, on local storage and on S3 (s3rver). And a
 * `kill -9` in the middle of 200 uploads leaves no folder without its record once Cairn
 * starts again a spool's life later (and no record without its files).
 */
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import type S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, call } from "../../test/support/client.js";
import { cairnDataDir, cleanupTempDirs } from "../../test/support/dataDirs.js";
import { startS3Buckets } from "../../test/support/s3.js";
import { until } from "../../test/support/sse.js";
import { backdateDir, backdateObjects } from "../../test/support/storageAge.js";
import { startChild, type ChildServer } from "../../test/support/uploads.js";
import type { RunningServer } from "../../test/support/servers.js";
import type { FileSystem } from "./filesystem.js";
import { LocalFileSystem } from "./local.js";
import { S3FileSystem } from "./s3.js";
import { SPOOL_LIFE_MS } from "./spoolLife.js";

const CLI = path.resolve(import.meta.dirname, "../cli.ts");
const OLD = SPOOL_LIFE_MS + 60 * 60 * 1000;
const SWEPT = /Orphan sweep: removed (\d+) storage folder/;

let s3: { server: S3rver; endpoint: string };
beforeAll(async () => {
  s3 = await startS3Buckets(["sweep", "killed"]);
});
afterAll(async () => {
  await s3?.server.close();
  cleanupTempDirs();
});

const serve = (dataDir: string) => startChild(process.execPath, ["--import", "tsx", CLI, "serve", "--dir", dataDir]);

/** A collection with a file field (public rules) on a running Cairn, storing on S3 when `bucket` is set; its id. */
async function docsCollection(server: ChildServer, dataDir: string, bucket?: string): Promise<{ id: string; token: string }> {
  const as = { name: "cairn", url: server.url, dataDir } as RunningServer;
  const token = await adminToken(as);
  if (bucket) {
    const s3Settings = { enabled: true, bucket, region: "us-east-1", endpoint: s3.endpoint, accessKey: "S3RVER", secret: "S3RVER", forcePathStyle: true };
    expect((await call(as, { method: "PATCH", path: "/api/settings", token, body: { s3: s3Settings } })).status).toBe(200);
  }
  const body = { name: "docs", type: "base", createRule: "", listRule: "", schema: [{ name: "doc", type: "file", options: { maxSelect: 3, maxSize: 5 << 20 } }] };
  const res = await call(as, { method: "POST", path: "/api/collections", token, body });
  expect(res.status).toBe(200);
  return { id: (res.body as { id: string }).id, token };
}

async function createDoc(url: string): Promise<string> {
  const form = new FormData();
  form.append("doc", new Blob(["hello"]), "a.txt");
  const res = await fetch(`${url}/api/collections/docs/records`, { method: "POST", body: form });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

const s3Storage = (bucket: string) =>
  new S3FileSystem({ bucket, region: "us-east-1", endpoint: s3.endpoint, accessKey: "S3RVER", secret: "S3RVER", forcePathStyle: true });

/** The ids of a collection's records and the files each lists (read from data.db while Cairn is stopped). */
function storedRecords(dataDir: string): { id: string; files: string[] }[] {
  const db = new Database(path.join(dataDir, "data.db"));
  const rows = db.prepare("SELECT id, doc FROM docs ORDER BY id").all() as { id: string; doc: string }[];
  db.close();
  return rows.map((r) => ({ id: r.id, files: JSON.parse(r.doc) as string[] }));
}

/** The `<collectionId>/<recordId>` folders holding files. */
async function folders(fs: FileSystem): Promise<string[]> {
  const set = new Set((await fs.list("")).map((e) => e.key.split("/").slice(0, 2).join("/")));
  return [...set].sort();
}

describe.each([
  ["local storage", false],
  ["S3", true],
])("orphan sweep at start (%s)", (_name, onS3) => {
  it("removes exactly the folders without a record older than the spool's life", async () => {
    const dataDir = await cairnDataDir();
    let server = await serve(dataDir);
    const { id: cid } = await docsCollection(server, dataDir, onS3 ? "sweep" : undefined);
    const recOld = await createDoc(server.url);
    const recYoung = await createDoc(server.url);
    await server.stop();

    const fs: FileSystem = onS3 ? s3Storage("sweep") : new LocalFileSystem(path.join(dataDir, "storage"));
    const plant = async (folder: string) => {
      await fs.put(`${folder}/f_abc.txt`, Buffer.from("orphan"), "text/plain");
      await fs.put(`${folder}/thumbs_p.png/100x100_p.png`, Buffer.from("thumb"), "image/png");
    };
    const age = async (folder: string) => {
      if (!onS3) return backdateDir(path.join(dataDir, "storage", folder), OLD);
      backdateObjects(s3.server, "sweep", (await fs.list(`${folder}/`)).map((e) => e.key), OLD);
    };
    const orphanOld = `${cid}/orphanold000001`;
    const orphanYoung = `${cid}/orphanyoung0001`;
    const unknown = "zzzzzzzzzzzzzzz/someone0000001";
    for (const f of [orphanOld, orphanYoung, unknown]) await plant(f);
    for (const f of [orphanOld, unknown, `${cid}/${recOld}`]) await age(f);
    // On disk a crash can also leave a folder holding only a sidecar and a temp file (no listed file).
    const strayDir = path.join(dataDir, "storage", cid, "orphanstray0001");
    if (!onS3) {
      await plant(`${cid}/orphanstray0001`);
      await fs.delete(`${cid}/orphanstray0001/f_abc.txt`);
      await fs.deletePrefix(`${cid}/orphanstray0001/thumbs_p.png/`);
      writeFileSync(path.join(strayDir, "g.txt.attrs"), "{}");
      writeFileSync(path.join(strayDir, "g.txt.%tmp%123"), "partial");
      backdateDir(strayDir, OLD);
    }
    const before = await folders(fs);

    server = await serve(dataDir);
    try {
      await until(() => SWEPT.test(server.output()), 15_000, "the sweep's summary");
      expect(server.output()).toContain(`Removed orphan storage folder ${orphanOld} (no record; last written `);
      expect(server.output()).not.toContain(orphanYoung);
    } finally {
      await server.stop();
    }
    expect(before).toEqual([`${cid}/${recOld}`, `${cid}/${recYoung}`, orphanOld, orphanYoung, unknown].sort());
    expect(await folders(fs)).toEqual([`${cid}/${recOld}`, `${cid}/${recYoung}`, orphanYoung, unknown].sort());
    expect(Number(SWEPT.exec(server.output())![1])).toBe(onS3 ? 1 : 2);
    if (!onS3) expect(existsSync(strayDir)).toBe(false);
    // The records and their files are untouched.
    const rows = storedRecords(dataDir);
    expect(rows.map((r) => r.id)).toEqual([recOld, recYoung].sort());
    for (const r of rows) for (const name of r.files) expect(await fs.exists(`${cid}/${r.id}/${name}`)).toBe(true);
    await fs.close();
  }, 120_000);

  it("leaves no orphan after kill -9 during 200 uploads and a start a spool's life later", async () => {
    const dataDir = await cairnDataDir();
    let server = await serve(dataDir);
    const { id: cid } = await docsCollection(server, dataDir, onS3 ? "killed" : undefined);
    const fs: FileSystem = onS3 ? s3Storage("killed") : new LocalFileSystem(path.join(dataDir, "storage"));
    const folderIds = async () =>
      onS3 ? (await folders(fs)).map((f) => f.split("/")[1]!) : existsSync(path.join(dataDir, "storage", cid)) ? readdirSync(path.join(dataDir, "storage", cid)) : [];
    const orphans = async () => {
      const ids = new Set(storedRecords(dataDir).map((r) => r.id));
      return (await folderIds()).filter((id) => !ids.has(id));
    };

    // 200 creates of three 256 KB files, 20 at a time; the process is killed once 60 are answered.
    let started = 0;
    let answered = 0;
    const content = new Blob([Buffer.alloc(256 << 10, 7)]);
    const upload = async () => {
      const form = new FormData();
      for (const n of ["a", "b", "c"]) form.append("doc", content, `${n}.bin`);
      await fetch(`${server.url}/api/collections/docs/records`, { method: "POST", body: form }).then((r) => r.arrayBuffer(), () => undefined);
      if (++answered === 60) process.kill(server.pid, "SIGKILL");
    };
    await Promise.all(Array.from({ length: 20 }, async () => {
      while (started < 200 && answered < 60) (started++, await upload());
    }));
    await until(() => server.exited() === "SIGKILL", 10_000, "the process killed");
    const left = await orphans();
    // S3 uploads stream into their record's folder before the record is written: the kill leaves some.
    if (onS3) expect(left.length).toBeGreaterThan(0);

    if (onS3) backdateObjects(s3.server, "killed", (await fs.list("")).map((e) => e.key), OLD);
    else backdateDir(path.join(dataDir, "storage"), OLD);
    server = await serve(dataDir);
    try {
      if (left.length) await until(() => SWEPT.test(server.output()), 15_000, "the sweep's summary");
    } finally {
      await server.stop();
    }
    expect(await orphans()).toEqual([]);
    if (left.length) expect(Number(SWEPT.exec(server.output())![1])).toBe(left.length);
    const rows = storedRecords(dataDir);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    for (const r of rows) for (const name of r.files) expect(await fs.exists(`${cid}/${r.id}/${name}`), `${r.id}/${name}`).toBe(true);
    await fs.close();
  }, 120_000);
});
