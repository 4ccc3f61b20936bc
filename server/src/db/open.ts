import path from "node:path";
import { migrateDataDb, migrateLogsDb } from "./migrate.js";
import { ReadPool, type ReadPoolOptions } from "./readPool.js";
import { SqliteDb } from "./sqlite/database.js";
import type { CollectionModel } from "../models/collection.js";
import { createPgPool, PgDb, WRITER_LOCKS } from "./postgres/database.js";
import { migratePostgres } from "./postgres/systemSchema.js";
import { checkDatabaseUrl, connectError } from "./postgres/url.js";
import type { Db, Tx } from "./types.js";
import { repairViewQuotes } from "./viewQuotes.js";

export type { ReadPool, ReadPoolOptions };
export { checkDatabaseUrl, connectError };

/**
 * Worker threads for the slow reads of a data directory's databases, made by the app (it lives
 * as long as the databases: closed with them, made again when a restore reopens them).
 */
export function openReadPool(opts: ReadPoolOptions = {}): ReadPool {
  return new ReadPool(opts);
}

export interface DataDirDatabases {
  /** data.db: collections, records, admins, settings. */
  data: Db;
  /** logs.db: request logs. */
  logs: Db;
}

/**
 * Opens (and on first use creates) the two databases of a data directory, brought to the
 * system schema; a new data.db starts with `initialSettings()` (settings/defaults.ts, above db/).
 */
export function openDataDir(dataDir: string, opts: { readPool?: ReadPool; initialSettings: () => object }): DataDirDatabases {
  const data = new SqliteDb(path.join(dataDir, "data.db"), { readPool: opts.readPool });
  const logs = new SqliteDb(path.join(dataDir, "logs.db"), { readPool: opts.readPool });
  repairViewQuotes(data.connection);
  migrateDataDb(data.connection, opts.initialSettings);
  migrateLogsDb(logs.connection);
  return { data, logs };
}

export interface OpenDatabasesOptions {
  /** The data directory (with a database URL it holds only storage/ and backups/). */
  dataDir: string;
  /** A PostgreSQL URL: both databases live there instead of data.db and logs.db. */
  databaseUrl?: string;
  /** PostgreSQL connections (default 10), shared by both. */
  poolSize?: number;
  /** SQLite: slow reads go to its worker threads. */
  readPool?: ReadPool;
  initialSettings: () => object;
  /** PostgreSQL: makes the tables of the default collections of a new database (collections/, above db/). */
  createCollectionsStorage: (tx: Tx, collections: readonly CollectionModel[]) => Promise<unknown>;
}

/**
 * The app's two databases on either engine: a data directory's data.db and logs.db, or one
 * PostgreSQL database holding both (one pool; writers of each take turns apart), brought to the
 * system schema. A bad URL or an unreachable server throws one line naming it, password redacted.
 */
export async function openDatabases(opts: OpenDatabasesOptions): Promise<DataDirDatabases> {
  if (!opts.databaseUrl) return openDataDir(opts.dataDir, opts);
  const url = opts.databaseUrl;
  checkDatabaseUrl(url);
  const pool = createPgPool(url, { size: opts.poolSize });
  let open = 2;
  const onClose = async () => {
    if (--open === 0) await pool.end();
  };
  const data = new PgDb(pool, { writerLock: WRITER_LOCKS.data, onClose });
  const logs = new PgDb(pool, { writerLock: WRITER_LOCKS.logs, onClose });
  try {
    await migratePostgres(data, opts);
  } catch (err) {
    await pool.end().catch(() => {});
    throw data.dialect.isSqlError(err) ? err : connectError(url, err);
  }
  return { data, logs };
}
