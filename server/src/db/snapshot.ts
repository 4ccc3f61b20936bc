import Database from "better-sqlite3";
import type { DB } from "./connection.js";

/**
 * Copies a live database into `dest` with SQLite's online backup: the copy is one consistent
 * state of the database, taken in small steps between which the server keeps serving (writes
 * made meanwhile through the same connection are carried into the copy).
 */
export async function snapshotDatabase(db: DB, dest: string): Promise<void> {
  await db.backup(dest);
  // The copy is a standalone file: no WAL beside it, so it travels alone in an archive.
  const copy = new Database(dest);
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
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
