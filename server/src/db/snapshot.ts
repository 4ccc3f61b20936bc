import Database from "better-sqlite3";
import type { DB } from "./connection.js";
import type { Db } from "./types.js";
import { SqliteDb } from "./sqlite/database.js";

/** The driver connection of an SQLite database (backups are SQLite file copies). */
function connectionOf(db: Db): DB {
  if (!(db instanceof SqliteDb)) throw new Error("file snapshots are made of SQLite databases only");
  return db.connection;
}

/** Pages copied per step of an online backup (better-sqlite3's default). */
const STEP_PAGES = 100;

/**
 * Copies a live database into `dest` with SQLite's online backup: the copy is one consistent
 * state of the database, taken in small steps between which the server keeps serving (writes
 * made meanwhile through the same connection are carried into the copy).
 */
export async function snapshotDatabase(database: Db, dest: string, onBytes?: (bytes: number) => void): Promise<void> {
  const db = connectionOf(database);
  const pageSize = db.pragma("page_size", { simple: true }) as number;
  let copied = 0;
  const report = (pages: number) => {
    if (pages * pageSize > copied) onBytes?.(pages * pageSize - copied);
    copied = Math.max(copied, pages * pageSize);
  };
  const end = await db.backup(dest, {
    progress: ({ totalPages, remainingPages }) => {
      report(totalPages - remainingPages);
      return STEP_PAGES;
    },
  });
  report(end.totalPages);
  // The copy is a standalone file: no WAL beside it, so it travels alone in an archive.
  const copy = new Database(dest);
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
}

/** A database's size in bytes (its pages; what a snapshot of it copies). */
export function databaseBytes(database: Db): number {
  const db = connectionOf(database);
  return (db.pragma("page_count", { simple: true }) as number) * (db.pragma("page_size", { simple: true }) as number);
}

/**
 * Why `file` cannot serve as a data.db, or null when it can: it must be a SQLite database
 * (with its WAL, when one lies beside it) holding the system tables.
 */
export function dataDbProblem(file: string): string | null {
  let db: DB | null = null;
  try {
    db = new Database(file, { fileMustExist: true });
    const row = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN ('_collections', '_params', '_admins')").get() as { n: number };
    if (row.n !== 3) return "data.db lacks the system tables (_collections, _params, _admins)";
    return null;
  } catch (err) {
    return `data.db is not a usable SQLite database (${(err as Error).message})`;
  } finally {
    db?.close();
  }
}
