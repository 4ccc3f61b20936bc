import path from "node:path";
import Database from "better-sqlite3";
import { SqliteDb, type SqliteDbOptions } from "../../src/db/sqlite/database.js";
import { tempDir } from "./dataDirs.js";

/**
 * A SqliteDb over a new database file in a temp dir (cleaned by cleanupTempDirs). `setup`
 * writes its tables and rows first through a plain connection, closed before the SqliteDb
 * opens, so fixtures keep their synchronous prepare/run style.
 */
export function sqliteDbWith(setup: (raw: Database.Database) => void = () => undefined, opts?: SqliteDbOptions): SqliteDb {
  const file = path.join(tempDir("cairn-sqlite-"), "test.db");
  const raw = new Database(file);
  try {
    setup(raw);
  } finally {
    raw.close();
  }
  return new SqliteDb(file, opts);
}
