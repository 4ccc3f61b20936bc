import { PgDb } from "../postgres/database.js";
import type { Db } from "../types.js";
import { PgSource } from "./pgSource.js";
import { SqliteSource } from "./sqliteSource.js";
import { copySourceToDataDir } from "./toDataDir.js";
import { copyIntoPostgres } from "./toPostgres.js";
import type { CopyHooks, CopyResult } from "./types.js";

/**
 * The copy as backups use it on a running app's PostgreSQL database: a backup holds the data as
 * a PocketBase data directory's data.db and logs.db (a logical dump any Cairn or PocketBase
 * v0.22 opens), and a restore loads such files back in place of Cairn's tables.
 */

const pgDbOf = (db: Db): PgDb => {
  if (!(db instanceof PgDb)) throw new Error("not a PostgreSQL database");
  return db;
};

/**
 * Writes data.db and logs.db of the database's current state into `dir` (which has neither),
 * read at one state over a connection of the app's pool while it keeps serving.
 */
export async function dumpPostgres(db: Db, dir: string, hooks: CopyHooks): Promise<CopyResult> {
  const source = await PgSource.over(pgDbOf(db).pool, false);
  try {
    return await copySourceToDataDir(source, dir, hooks);
  } finally {
    await source.close();
  }
}

/**
 * Replaces Cairn's tables in the database by the data of `dataDir`'s data.db and logs.db, in
 * one transaction of `db` (its writers, on every node, wait meanwhile); the cluster's own
 * tables stay. On failure nothing changed.
 */
export async function loadIntoPostgres(db: Db, dataDir: string, hooks: CopyHooks): Promise<CopyResult> {
  const source = SqliteSource.open(dataDir);
  try {
    return await copyIntoPostgres(source, pgDbOf(db), { ...hooks, replace: true });
  } finally {
    await source.close();
  }
}
