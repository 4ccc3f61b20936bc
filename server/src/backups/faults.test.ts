import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { snapshotDatabase } from "../db/snapshot.js";
import { download, upload, zipOf, zipWithRawName } from "../../test/support/backups.js";
import { adminToken, call } from "../../test/support/client.js";
import { cairnDataDir, cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";
import { startCairn, type RunningCairn } from "../../test/support/servers.js";
import { listZip } from "../tools/zip.js";
import Database from "better-sqlite3";

/**
 * Refused archives change nothing, a restore that fails after the swap brings the previous
 * data back, and writes made while a backup runs are all kept.
 */

let cairn: RunningCairn;
let token: string;
let dataDbBytes: Buffer;

beforeAll(async () => {
  cairn = await startCairn(await cairnDataDir());
  token = await adminToken(cairn);
  const col = await call(cairn, {
    method: "POST",
    path: "/api/collections",
    token,
    body: { name: "notes", type: "base", listRule: "", createRule: "", schema: [{ name: "text", type: "text" }] },
  });
  expect(col.status, JSON.stringify(col.body)).toBe(200);
  expect((await call(cairn, { method: "POST", path: "/api/collections/notes/records", body: { text: "kept" } })).status).toBe(200);
  const seed = path.join(tempDir(), "seed.db");
  await snapshotDatabase(cairn.app.db, seed);
  dataDbBytes = readFileSync(seed);
}, 60_000);

afterAll(async () => {
  await cairn?.stop();
  cleanupTempDirs();
});

/** What must not change when a restore is refused. */
async function state(): Promise<unknown> {
  const notes = await call(cairn, { path: "/api/collections/notes/records?sort=created" });
  const entries = readdirSync(cairn.app.dataDir).filter((n) => n !== "backups" && n !== ".pb_temp_to_delete" && !/-(wal|shm)$/.test(n));
  const storage = existsSync(path.join(cairn.app.dataDir, "storage")) ? readdirSync(path.join(cairn.app.dataDir, "storage"), { recursive: true }) : [];
  return { notes: (notes.body as { items: { text: string }[] }).items.map((n) => n.text), entries: entries.sort(), storage };
}

async function refusedRestore(name: string, data: Buffer, message: RegExp): Promise<void> {
  const before = await state();
  const up = await upload(cairn, token, { name, data, type: "application/zip" });
  expect(up.status, JSON.stringify(up.body)).toBe(204);
  const res = await call(cairn, { method: "POST", path: `/api/backups/${name}/restore`, token });
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect((res.body as { message: string }).message).toMatch(message);
  expect(await state()).toEqual(before);
  // Nothing left behind in the scratch folder, and the server still answers.
  const temp = path.join(cairn.app.dataDir, ".pb_temp_to_delete");
  expect(existsSync(temp) ? readdirSync(temp) : []).toEqual([]);
  expect((await call(cairn, { path: "/api/health" })).body).toMatchObject({ data: { canBackup: true } });
}

describe("refused archives", () => {
  it("a zip-slip entry", async () => {
    const zip = await zipWithRawName({ "data.db": dataDbBytes, "xx/evil.txt": "owned" }, "xx/evil.txt", "../evil.txt");
    await refusedRestore("slip.zip", zip, /^Failed to restore the backup: .*escaping the directory|invalid relative path/);
    expect(existsSync(path.join(path.dirname(cairn.app.dataDir), "evil.txt"))).toBe(false);
  });

  it("an absolute entry name", async () => {
    const zip = await zipWithRawName({ "data.db": dataDbBytes, "tmp/evil.txt": "owned" }, "tmp/evil.txt", "/tmp/evil.tx");
    await refusedRestore("absolute.zip", zip, /^Failed to restore the backup: /);
  });

  it("a zip without data.db", async () => {
    await refusedRestore("nodata.zip", await zipOf({ "logs.db": "x", "storage/a/b.txt": "b" }), /^Failed to restore the backup: the archive has no data\.db at its root\./);
  });

  it("a data.db that is not a database", async () => {
    await refusedRestore("notdb.zip", await zipOf({ "data.db": "hello" }), /^Failed to restore the backup: data\.db is not a usable SQLite database/);
  });

  it("a truncated zip", async () => {
    const whole = await zipOf({ "data.db": dataDbBytes, "storage/x/y/z.txt": "z".repeat(5000) });
    await refusedRestore("truncated.zip", whole.subarray(0, Math.floor(whole.length * 0.6)), /^Failed to restore the backup: not a readable zip archive/);
  });

  it("a zip whose entry is corrupt (CRC mismatch)", async () => {
    const whole = await zipOf({ "data.db": dataDbBytes, "note.txt": "abcdefgh".repeat(10) });
    // Stored entries are compressed; flip a byte inside data.db's compressed data.
    const corrupt = Buffer.from(whole);
    corrupt[200] ^= 0xff;
    await refusedRestore("corrupt.zip", corrupt, /^Failed to restore the backup: /);
  });

  it("a zip bomb (an entry inflating 1000 times)", async () => {
    const bomb = await zipOf({ "data.db": dataDbBytes, "storage/zeros.bin": Buffer.alloc(200 << 20) });
    expect(bomb.length).toBeLessThan(1 << 20);
    await refusedRestore("bomb.zip", bomb, /^Failed to restore the backup: the entry "storage\/zeros\.bin" inflates \d+ times/);
  });

  it("a symbolic link entry with a file under it", async () => {
    const zip = await zipOf({ "data.db": dataDbBytes, "storage/lnk": "/etc", "storage/lnk/evil.txt": "owned" }, { "storage/lnk": 0o120777 });
    await refusedRestore("symlink.zip", zip, /^Failed to restore the backup: the entry "storage\/lnk" is a symbolic link\./);
  });

  it("a file and a folder at the same path", async () => {
    const zip = await zipOf({ "data.db": dataDbBytes, "storage/a": "file", "storage/a/b.txt": "b" });
    await refusedRestore("clash.zip", zip, /^Failed to restore the backup: the entry "storage\/a\/b\.txt" is inside a path the archive also holds as a file\./);
  });

  it("a non-zip upload is refused before it is stored", async () => {
    const before = (await call(cairn, { path: "/api/backups", token })).body;
    const res = await upload(cairn, token, { name: "fake.zip", data: Buffer.from("just text"), type: "application/zip" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ data: { file: { code: "validation_invalid_mime_type" } } });
    expect((await call(cairn, { path: "/api/backups", token })).body).toEqual(before);
  });
});

describe("a restore failing after the swap", () => {
  it("brings the previous data back and keeps serving", async () => {
    const before = await state();
    // data.db is fine, but logs.db is a folder: the app cannot reopen on it.
    const zip = await zipOf({ "data.db": dataDbBytes, "logs.db/": "" });
    expect((await upload(cairn, token, { name: "badlogs.zip", data: zip })).status).toBe(204);
    const res = await call(cairn, { method: "POST", path: "/api/backups/badlogs.zip/restore", token });
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toMatch(/^Failed to restore the backup: the restored data could not be opened/);
    expect(await state()).toEqual(before);
    expect((await call(cairn, { method: "POST", path: "/api/collections/notes/records", body: { text: "after" } })).status).toBe(200);
    expect((await call(cairn, { path: "/api/admins", token })).status).toBe(200);
    expect(existsSync(path.join(cairn.app.dataDir, ".cairn_restore.json"))).toBe(false);
  });
});

describe("a backup running", () => {
  it("keeps 500 concurrent writes, reports canBackup false and refuses a second backup or restore", async () => {
    // A large file of random hex text (deflated, slowly) makes the backup last long enough to overlap the writes.
    const big = path.join(cairn.app.dataDir, "storage", "bulk", "x");
    mkdirSync(big, { recursive: true });
    writeFileSync(path.join(big, "random.txt"), randomBytes(12 << 20).toString("hex"));
    const countBefore = (await call(cairn, { path: "/api/collections/notes/records?perPage=1" })).body as { totalItems: number };
    const backup = call(cairn, { method: "POST", path: "/api/backups", token, body: { name: "during.zip" } });
    await new Promise((r) => setTimeout(r, 50));
    const health = await call(cairn, { path: "/api/health" });
    expect(health.body).toMatchObject({ data: { canBackup: false } });
    const second = await call(cairn, { method: "POST", path: "/api/backups", token, body: { name: "second.zip" } });
    expect(second).toMatchObject({ status: 400, body: { message: "Try again later - another backup/restore process has already been started." } });
    const restore = await call(cairn, { method: "POST", path: "/api/backups/badlogs.zip/restore", token });
    expect(restore).toMatchObject({ status: 400, body: { message: "Try again later - another backup/restore process has already been started." } });
    const del = await call(cairn, { method: "DELETE", path: "/api/backups/during.zip", token });
    expect(del).toMatchObject({ status: 400, body: { message: "The backup is currently being used and cannot be deleted." } });
    const writes = await Promise.all(
      Array.from({ length: 500 }, (_, i) => call(cairn, { method: "POST", path: "/api/collections/notes/records", body: { text: `w${i}` } })),
    );
    expect(writes.every((w) => w.status === 200)).toBe(true);
    expect((await backup).status).toBe(204);
    const after = (await call(cairn, { path: "/api/collections/notes/records?perPage=1" })).body as { totalItems: number };
    expect(after.totalItems).toBe(countBefore.totalItems + 500);
    expect((await call(cairn, { path: "/api/health" })).body).toMatchObject({ data: { canBackup: true } });

    // The archive's data.db is one consistent state holding the rows written before it.
    const got = await download(cairn, token, "during.zip");
    const file = path.join(tempDir(), "during.zip");
    writeFileSync(file, got.data);
    const names = (await listZip(file)).map((e) => e.name);
    expect(names).toContain("data.db");
    expect(names).toContain("logs.db");
    expect(names).toContain("storage/bulk/x/random.txt");
    expect(names.some((n) => n.startsWith("backups/") || n.startsWith(".pb_temp_to_delete/") || /-(wal|shm)$/.test(n))).toBe(false);
  }, 60_000);

  it("restores the backup made during the writes", async () => {
    const res = await call(cairn, { method: "POST", path: "/api/backups/during.zip/restore", token });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    const db = new Database(path.join(cairn.app.dataDir, "data.db"), { readonly: true });
    try {
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    } finally {
      db.close();
    }
    const notes = (await call(cairn, { path: "/api/collections/notes/records?perPage=1" })).body as { totalItems: number };
    expect(notes.totalItems).toBeGreaterThanOrEqual(2);
    // Every route family reaches the reopened services (none kept a handle from before).
    for (const [method, p] of [
      ["GET", "/api/collections"],
      ["GET", "/api/admins"],
      ["GET", "/api/settings"],
      ["GET", "/api/logs"],
      ["GET", "/api/logs/stats"],
      ["GET", "/api/logs/nope"],
      ["POST", "/api/files/token"],
      ["GET", "/api/collections/users/auth-methods"],
      ["POST", "/api/admins/auth-refresh"],
    ]) {
      const res = await call(cairn, { method, path: p, token });
      expect(res.status, `${method} ${p} ${JSON.stringify(res.body)}`).toBe(p === "/api/logs/nope" ? 404 : 200);
    }
  }, 60_000);
});
