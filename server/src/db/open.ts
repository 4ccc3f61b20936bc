import path from "node:path";
import { migrateDataDb, migrateLogsDb } from "./migrate.js";
import { ReadPool, type ReadPoolOptions } from "./readPool.js";
import { SqliteDb } from "./sqlite/database.js";
import type { Db } from "./types.js";
import { repairViewQuotes } from "./viewQuotes.js";

export type { ReadPool, ReadPoolOptions };

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
