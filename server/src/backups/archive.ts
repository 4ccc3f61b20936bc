import { promises as fsp, statfsSync } from "node:fs";
import path from "node:path";
import type { Db } from "../db/types.js";
import { databaseBytes, dataDbProblem, snapshotDatabase } from "../db/snapshot.js";
import { dumpPostgres } from "../db/copy/backups.js";
import type { CopyHooks } from "../db/copy/types.js";
import { createCollectionsStorage } from "../collections/sync.js";
import { extractZip, listZip, writeZip, ZipError, type ZipInput } from "../tools/zip.js";
import type { BackupProgress } from "./progress.js";
import { BACKUPS_DIR } from "./storage.js";

/**
 * A backup archive: the data directory zipped with its files at the root (`data.db`,
 * `logs.db`, `storage/...`), as the reference lays it out, so either server restores the
 * other's backups. The databases inside are online-backup snapshots, not copies of the live
 * files, so they carry no `-wal`/`-shm`.
 */

/** Scratch folder inside the data directory (same name as the reference's; never archived). */
export const TEMP_DIR = ".pb_temp_to_delete";
/** Marks an unfinished restore swap (see restore.ts); never archived or restored. */
export const RESTORE_MARKER = ".cairn_restore.json";

const DATABASES = ["data.db", "logs.db"];
/** Top-level entries never put into an archive nor taken out of one. */
/** Uploads in progress wait in `.tmp/` (files/spoolDir.ts); they belong to no record yet. */
const SPOOL_DIR = ".tmp";
const NEVER = new Set([BACKUPS_DIR, TEMP_DIR, RESTORE_MARKER, SPOOL_DIR]);
const isDbFile = (name: string) => DATABASES.some((db) => name === db || name.startsWith(`${db}-`));

/** Whether an archive entry (or a top-level name of the data directory) belongs to the data. */
export function isDataEntry(name: string): boolean {
  const top = name.split("/")[0];
  return !NEVER.has(top);
}

export class ArchiveError extends Error {}

async function* walk(dir: string, rel = ""): AsyncGenerator<{ rel: string; abs: string }> {
  let entries;
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch {
    return; // vanished meanwhile
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    const abs = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(abs, r);
    else if (e.isFile()) yield { rel: r, abs };
  }
}

export interface ArchiveSources {
  dataDir: string;
  db: Db;
  logsDb: Db;
}

/** Where a run reports its phases and bytes (the service's BackupProgress). */
export type ProgressSink = Pick<BackupProgress, "phase" | "add">;

const NO_PROGRESS: ProgressSink = { phase: () => undefined, add: () => undefined };

/**
 * Writes the archive of a live data directory to `out`, using `scratch` (an empty folder)
 * for the database snapshots. Reports the `snapshot` then the `zip` phase.
 */
export async function createArchive(src: ArchiveSources, scratch: string, out: string, progress: ProgressSink = NO_PROGRESS): Promise<void> {
  const inputs: ZipInput[] = [];
  const now = new Date();
  const dir = src.db.dialect.name === "postgres" ? await dumpDatabases(src.db, path.join(scratch, "dump"), progress) : await snapshotDatabases(src, scratch, progress);
  let total = 0;
  for (const name of DATABASES) {
    const file = path.join(dir, name);
    inputs.push({ name, file, mtime: now, mode: 0o100644 });
    total += (await fsp.stat(file)).size;
  }
  for await (const f of walk(src.dataDir)) {
    const top = f.rel.split("/")[0];
    if (!isDataEntry(f.rel) || (top === f.rel && isDbFile(top))) continue;
    let st;
    try {
      st = await fsp.stat(f.abs);
    } catch {
      continue;
    }
    inputs.push({ name: f.rel, file: f.abs, mtime: st.mtime, mode: st.mode, size: st.size });
    total += st.size;
  }
  progress.phase("zip", total);
  await writeZip(out, inputs, { onBytes: progress.add });
}

/** SQLite: online-backup snapshots of the live files into `scratch`, pages counted in the `snapshot` phase. */
async function snapshotDatabases(src: ArchiveSources, scratch: string, progress: ProgressSink): Promise<string> {
  const handles: Record<string, Db> = { "data.db": src.db, "logs.db": src.logsDb };
  progress.phase("snapshot", DATABASES.reduce((n, name) => n + databaseBytes(handles[name]), 0));
  for (const name of DATABASES) await snapshotDatabase(handles[name], path.join(scratch, name), progress.add);
  return scratch;
}

/**
 * PostgreSQL: a logical dump, the database's data (at one state) as a PocketBase data
 * directory's data.db and logs.db in `dir`, rows counted in the `snapshot` phase. So a backup of
 * either engine restores into either, and into PocketBase.
 */
async function dumpDatabases(db: Db, dir: string, progress: ProgressSink): Promise<string> {
  await dumpPostgres(db, dir, { createCollectionsStorage, ...rowProgress(progress, "snapshot") });
  return dir;
}

/** A copy's progress as a phase's count of rows. */
export function rowProgress(progress: ProgressSink, phase: Parameters<ProgressSink["phase"]>[0]): Pick<CopyHooks, "onTotal" | "onProgress"> {
  let last = { table: "", done: 0 };
  return {
    onTotal: (rows) => progress.phase(phase, rows),
    onProgress: (table, done) => {
      progress.add(done - (table === last.table ? last.done : 0));
      last = { table, done };
    },
  };
}

export interface ArchiveLimits {
  /** Most entries accepted. */
  maxEntries?: number;
  /** Most uncompressed bytes accepted in all (besides the free disk space). */
  maxTotalBytes?: number;
  /**
   * Entries inflating beyond this many bytes must not exceed `maxRatio`: deflate cannot go
   * much past 1032:1, so only data that is nearly all one byte (a zip bomb) gets there.
   */
  ratioFromBytes?: number;
  maxRatio?: number;
}

const DEFAULT_LIMITS: Required<ArchiveLimits> = { maxEntries: 1_000_000, maxTotalBytes: 2 ** 40, ratioFromBytes: 64 << 20, maxRatio: 1000 };

/**
 * Checks an archive before anything is extracted: a complete zip, no entry escaping the
 * directory, `data.db` at its root, and a total size that is not absurd and fits on the
 * disk of `dataDir`. The sizes checked are the declared ones, which extraction enforces.
 * Resolves to that total: the bytes extraction will write.
 */
export async function validateArchive(zipFile: string, dataDir: string, limits: ArchiveLimits = {}): Promise<number> {
  const lim = { ...DEFAULT_LIMITS, ...limits };
  let entries;
  try {
    entries = await listZip(zipFile);
  } catch (err) {
    if (err instanceof ZipError) throw new ArchiveError(err.message);
    throw err;
  }
  if (entries.length > lim.maxEntries) throw new ArchiveError(`the archive holds more than ${lim.maxEntries} entries`);
  if (!entries.some((e) => e.name === "data.db" && !e.directory)) throw new ArchiveError("the archive has no data.db at its root");
  for (const e of entries) {
    if (e.uncompressedSize > lim.ratioFromBytes && e.uncompressedSize / Math.max(1, e.compressedSize) > lim.maxRatio) {
      throw new ArchiveError(`the entry ${JSON.stringify(e.name)} inflates ${Math.round(e.uncompressedSize / Math.max(1, e.compressedSize))} times (a zip bomb?)`);
    }
  }
  const total = entries.filter((e) => isDataEntry(e.name)).reduce((n, e) => n + e.uncompressedSize, 0);
  if (total > lim.maxTotalBytes) throw new ArchiveError(`the archive would extract to ${total} bytes, more than the ${lim.maxTotalBytes} allowed`);
  const fsStat = statfsSync(dataDir);
  const free = fsStat.bavail * fsStat.bsize;
  if (total > free) throw new ArchiveError(`the archive would extract to ${total} bytes, more than the ${free} free on disk`);
  return total;
}

/** Extracts a validated archive into `dest` (an empty folder) and checks the extracted data.db. */
export async function extractArchive(zipFile: string, dest: string, onBytes?: (bytes: number) => void): Promise<void> {
  try {
    await extractZip(zipFile, dest, { filter: isDataEntry, onBytes });
  } catch (err) {
    if (err instanceof ZipError) throw new ArchiveError(err.message);
    throw err;
  }
  const problem = dataDbProblem(path.join(dest, "data.db"));
  if (problem) throw new ArchiveError(problem);
}
