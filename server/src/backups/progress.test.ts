import { randomBytes } from "node:crypto";
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";
import { SqliteDb } from "../db/sqlite/database.js";
import { createArchive, extractArchive, validateArchive, type ProgressSink } from "./archive.js";
import { BackupProgress, type BackupPhase } from "./progress.js";

afterAll(() => cleanupTempDirs());

describe("BackupProgress", () => {
  it("is idle until started, and idle again once finished", () => {
    const p = new BackupProgress();
    expect(p.report()).toEqual({ running: false });
    expect(p.running).toBe(false);
    p.start("backup", "a.zip", "snapshot");
    expect(p.running).toBe(true);
    expect(p.key).toBe("a.zip");
    expect(p.report()).toMatchObject({ running: true, action: "backup", key: "a.zip", phase: "snapshot", done: 0, total: 0 });
    expect((p.report() as { startedAt: string }).startedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}Z$/);
    p.finish();
    expect(p.report()).toEqual({ running: false });
    expect(p.key).toBeNull();
  });

  it("counts bytes per phase, restarting from 0 at each phase", () => {
    const p = new BackupProgress();
    p.start("restore", "b.zip", "validate");
    p.phase("extract", 100);
    p.add(30);
    p.add(20);
    expect(p.report()).toMatchObject({ phase: "extract", done: 50, total: 100 });
    p.phase("reload");
    expect(p.report()).toMatchObject({ phase: "reload", done: 0, total: 0 });
  });

  it("never reports more done than total (a file that grew while zipped)", () => {
    const p = new BackupProgress();
    p.start("backup", "c.zip", "zip");
    p.phase("zip", 10);
    p.add(15);
    expect(p.report()).toMatchObject({ done: 15, total: 15 });
  });

  it("refuses a second run while one is going, and ignores counts when idle", () => {
    const p = new BackupProgress();
    p.add(5);
    p.phase("zip", 5);
    expect(p.report()).toEqual({ running: false });
    p.start("backup", "d.zip", "snapshot");
    expect(() => p.start("restore", "e.zip", "validate")).toThrow(/already running/);
    expect(p.key).toBe("d.zip");
  });
});

/** A sink recording each phase with its total and the bytes added while it was current. */
function recorder(): ProgressSink & { phases: { phase: BackupPhase; total: number; done: number }[] } {
  const phases: { phase: BackupPhase; total: number; done: number }[] = [];
  return {
    phases,
    phase: (phase, total = 0) => void phases.push({ phase, total, done: 0 }),
    add: (n) => void (phases[phases.length - 1].done += n),
  };
}

describe("archive progress", () => {
  it("a backup counts database pages, then every byte it zips, up to the totals", async () => {
    const dataDir = tempDir("progress-data-");
    const db = new Database(path.join(dataDir, "data.db"));
    // the system tables make the extracted data.db pass the restore check
    db.exec("CREATE TABLE _collections (id TEXT); CREATE TABLE _params (id TEXT); CREATE TABLE _admins (id TEXT); CREATE TABLE t (x BLOB);");
    const insert = db.prepare("INSERT INTO t VALUES (?)");
    for (let i = 0; i < 300; i++) insert.run(randomBytes(4000));
    db.close();
    new Database(path.join(dataDir, "logs.db")).close();
    mkdirSync(path.join(dataDir, "storage", "c", "r"), { recursive: true });
    writeFileSync(path.join(dataDir, "storage", "c", "r", "big.bin"), randomBytes(3 << 20));
    writeFileSync(path.join(dataDir, "storage", "c", "r", "small.txt"), "hello");
    const scratch = tempDir("progress-scratch-");
    const out = path.join(tempDir("progress-out-"), "b.zip");
    const rec = recorder();
    const data = new SqliteDb(path.join(dataDir, "data.db"));
    const logs = new SqliteDb(path.join(dataDir, "logs.db"));
    try {
      await createArchive({ dataDir, db: data, logsDb: logs }, scratch, out, rec);
    } finally {
      await data.close();
      await logs.close();
    }
    expect(rec.phases.map((p) => p.phase)).toEqual(["snapshot", "zip"]);
    const [snapshot, zip] = rec.phases;
    expect(snapshot.total).toBeGreaterThan(300 * 4000);
    expect(snapshot.done).toBe(snapshot.total);
    const snapshots = statSync(path.join(scratch, "data.db")).size + statSync(path.join(scratch, "logs.db")).size;
    expect(zip.total).toBe(snapshots + (3 << 20) + 5);
    expect(zip.done).toBe(zip.total);

    // and its restore: the uncompressed size, every byte of it extracted
    const total = await validateArchive(out, dataDir);
    expect(total).toBe(zip.total);
    let extracted = 0;
    const dest = tempDir("progress-extract-");
    await extractArchive(out, dest, (n) => (extracted += n));
    expect(extracted).toBe(total);
  });
});
