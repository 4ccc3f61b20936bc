import Database from "better-sqlite3";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { download, upload, zipOf } from "../../test/support/backups.js";
import { adminToken, call } from "../../test/support/client.js";
import { cairnDataDir, cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";
import { freshDatabase } from "../../test/support/postgres.js";
import { startCairn, startReference, type RunningCairn, type RunningServer } from "../../test/support/servers.js";
import { extractZip } from "../tools/zip.js";
import { createArchive } from "./archive.js";

let url = "";

/** Cairn on a new PostgreSQL database (`url`; its files in a new directory), with the test admin. */
async function cairnOnPostgres(): Promise<RunningCairn> {
  url = await freshDatabase();
  const server = await startCairn(await cairnDataDir(), undefined, { databaseUrl: url });
  await server.app.admins.insertNew("admin@example.com", "1234567890");
  return server;
}

/** A `notes` collection (text with a unique index, a file) and one note with a file. */
async function seed(server: RunningServer, token: string, title: string): Promise<void> {
  const made = await call(server, {
    method: "POST", path: "/api/collections", token,
    body: { name: "notes", type: "base", schema: [{ name: "title", type: "text" }, { name: "done", type: "bool" }, { name: "att", type: "file", options: { maxSelect: 1, maxSize: 10000 } }], indexes: ["CREATE UNIQUE INDEX idx_notes_title ON notes (title)"] },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  await note(server, token, title);
}

async function note(server: RunningServer, token: string, title: string): Promise<void> {
  const res = await call(server, { method: "POST", path: "/api/collections/notes/records", token, form: [["title", title], ["done", "true"], ["att", [`${title}.txt`, `file of ${title}`]]] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The notes' titles and done flags, and each one's file content. */
async function notes(server: RunningServer, token: string): Promise<{ title: string; done: boolean; file: string }[]> {
  const res = await call(server, { path: "/api/collections/notes/records?sort=title", token });
  expect(res.status).toBe(200);
  const items = (res.body as { items: { id: string; collectionId: string; title: string; done: boolean; att: string }[] }).items;
  return Promise.all(items.map(async (r) => ({ title: r.title, done: r.done, file: (await call(server, { path: `/api/files/${r.collectionId}/${r.id}/${r.att}` })).text ?? "" })));
}

const appName = async (server: RunningServer, token: string) => ((await call(server, { path: "/api/settings", token })).body as { meta: { appName: string } }).meta.appName;
const setAppName = async (server: RunningServer, token: string, name: string) =>
  expect((await call(server, { method: "PATCH", path: "/api/settings", token, body: { meta: { appName: name } } })).status).toBe(200);

describe("backups on PostgreSQL", () => {
  let cairn: RunningCairn;
  let token: string;

  beforeAll(async () => {
    cairn = await cairnOnPostgres();
    token = await adminToken(cairn);
    await seed(cairn, token, "first");
    await setAppName(cairn, token, "Before");
  }, 60_000);

  /** A backup downloaded and unzipped into a new directory. */
  const downloadUnzipped = async (key: string): Promise<string> => {
    const zip = await download(cairn, token, key);
    expect(zip.status).toBe(200);
    const dir = tempDir();
    writeFileSync(path.join(dir, "backup.zip"), zip.data);
    const out = path.join(dir, "unzipped");
    mkdirSync(out);
    await extractZip(path.join(dir, "backup.zip"), out);
    return out;
  };

  afterAll(async () => {
    await cairn?.stop();
    cleanupTempDirs();
  });

  it("creates a backup, and restoring it brings the data, files and settings back", async () => {
    expect((await call(cairn, { method: "POST", path: "/api/backups", token, body: { name: "one.zip" } })).status).toBe(204);
    // Change everything the backup holds.
    await note(cairn, token, "second");
    const first = (await call(cairn, { path: "/api/collections/notes/records?filter=title='first'", token })).body as { items: { id: string }[] };
    expect((await call(cairn, { method: "DELETE", path: `/api/collections/notes/records/${first.items[0].id}`, token })).status).toBe(204);
    await setAppName(cairn, token, "After");
    expect((await notes(cairn, token)).map((n) => n.title)).toEqual(["second"]);

    const restored = await call(cairn, { method: "POST", path: "/api/backups/one.zip/restore", token });
    expect(restored.status, JSON.stringify(restored.body)).toBe(204);
    expect(await notes(cairn, token)).toEqual([{ title: "first", done: true, file: "file of first" }]);
    expect(await appName(cairn, token)).toBe("Before");
    // The admin's session survives (same admin, same token key); the unique index is back.
    const dup = await call(cairn, { method: "POST", path: "/api/collections/notes/records", token, body: { title: "first" } });
    expect((dup.body as { data: { title: { code: string } } }).data.title.code).toBe("validation_not_unique");
    // The directory holds files only: no database file came out of the archive.
    expect(readdirSync(cairn.dataDir).filter((f) => f.endsWith(".db"))).toEqual([]);
    expect((await call(cairn, { path: "/api/health" })).body).toMatchObject({ data: { canBackup: true } });
  }, 120_000);

  it("makes backups that are PocketBase data directories: the reference serves one", async () => {
    const pbDir = await downloadUnzipped("one.zip");
    const ref = await startReference(pbDir);
    try {
      expect(await notes(ref, await adminToken(ref))).toEqual([{ title: "first", done: true, file: "file of first" }]);
    } finally {
      await ref.stop();
    }
  }, 120_000);

  it("restores a backup uploaded from Cairn on SQLite", async () => {
    const lite = await startCairn(await cairnDataDir());
    try {
      const liteToken = await adminToken(lite);
      await seed(lite, liteToken, "from sqlite");
      await setAppName(lite, liteToken, "Lite");
      expect((await call(lite, { method: "POST", path: "/api/backups", token: liteToken, body: { name: "lite.zip" } })).status).toBe(204);
      const zip = await download(lite, liteToken, "lite.zip");
      expect((await upload(cairn, token, { name: "lite.zip", data: zip.data, type: "application/zip" })).status).toBe(204);
    } finally {
      await lite.stop();
    }
    expect((await call(cairn, { method: "POST", path: "/api/backups/lite.zip/restore", token })).status).toBe(204);
    // The restored data has the SQLite install's admin (same email and password, another token key).
    token = await adminToken(cairn);
    expect(await notes(cairn, token)).toEqual([{ title: "from sqlite", done: true, file: "file of from sqlite" }]);
    expect(await appName(cairn, token)).toBe("Lite");
    // Restored twice over the same database: the first backup comes back again.
    expect((await call(cairn, { method: "POST", path: "/api/backups/one.zip/restore", token })).status).toBe(204);
    token = await adminToken(cairn);
    expect((await notes(cairn, token)).map((n) => n.title)).toEqual(["first"]);
  }, 120_000);

  it("keeps the previous data when the backup's data cannot be loaded", async () => {
    const unpacked = await downloadUnzipped("one.zip");
    const db = new Database(path.join(unpacked, "data.db"));
    // A text where PostgreSQL's column takes booleans only.
    db.prepare("UPDATE notes SET done = 'maybe'").run();
    db.close();
    const bad = await zipOf({ "data.db": readFileSync(path.join(unpacked, "data.db")), "logs.db": readFileSync(path.join(unpacked, "logs.db")) });
    expect((await upload(cairn, token, { name: "bad.zip", data: bad, type: "application/zip" })).status).toBe(204);
    await note(cairn, token, "kept");
    const res = await call(cairn, { method: "POST", path: "/api/backups/bad.zip/restore", token });
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toMatch(/^Failed to restore the backup: the data could not be loaded into PostgreSQL \(copying table "notes" failed: .*boolean.*\)\. The previous data was kept\.$/);
    expect((await notes(cairn, token)).map((n) => n.title)).toEqual(["first", "kept"]);
  }, 120_000);

  it("makes auto backups", async () => {
    await cairn.app.backups.autoBackup();
    const list = (await call(cairn, { path: "/api/backups", token })).body as { key: string }[];
    expect(list.some((b) => b.key.startsWith("@auto_pb_backup_"))).toBe(true);
  }, 60_000);

  it("a restore on one node is served by another node on the same database and directory", async () => {
    const other = await startCairn(cairn.dataDir, undefined, { databaseUrl: url });
    try {
      expect((await call(cairn, { method: "POST", path: "/api/backups", token, body: { name: "nodes.zip" } })).status).toBe(204);
      await note(cairn, token, "later");
      await setAppName(cairn, token, "Later");
      const otherToken = await adminToken(other);
      expect((await notes(other, otherToken)).map((n) => n.title)).toContain("later");
      expect((await call(cairn, { method: "POST", path: "/api/backups/nodes.zip/restore", token })).status).toBe(204);
      // The other node reads the restored rows at once, and its settings follow within a second or two.
      expect((await notes(other, otherToken)).map((n) => n.title)).not.toContain("later");
      let name = "";
      for (let i = 0; i < 40 && name !== "Before"; i++) {
        name = await appName(other, otherToken);
        if (name !== "Before") await new Promise((r) => setTimeout(r, 100));
      }
      expect(name).toBe("Before");
      // It writes into the restored tables.
      await note(other, otherToken, "from the other node");
      expect((await notes(cairn, token)).map((n) => n.title)).toContain("from the other node");
    } finally {
      await other.stop();
    }
  }, 120_000);

  it("reports the dump's rows in the snapshot phase", async () => {
    const phases: { phase: string; total: number; done: number }[] = [];
    const sink = {
      phase: (phase: string, total = 0) => void phases.push({ phase, total, done: 0 }),
      add: (n: number) => void (phases[phases.length - 1].done += n),
    };
    const scratch = tempDir();
    await createArchive({ dataDir: cairn.dataDir, db: cairn.app.db, logsDb: cairn.app.logsDb }, scratch, path.join(scratch, "a.zip"), sink);
    expect(phases.map((p) => p.phase)).toEqual(["snapshot", "zip"]);
    expect(phases[0].total).toBeGreaterThan(3);
    expect(phases[0].done).toBe(phases[0].total);
  }, 60_000);
});
