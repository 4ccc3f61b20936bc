import type { CollectionModel } from "../../models/collection.js";
import { newId } from "../../tools/random.js";
import { nowString } from "../../tools/time.js";
import { DATA_MIGRATIONS, LOGS_MIGRATIONS, SIGN_IN_TABLES, USERS_COLLECTION } from "../systemSchema.js";
import type { Tx } from "../types.js";
import { changeVersionDdl } from "./changeVersion.js";
import type { PgDb } from "./database.js";
import { installQueryFunctions } from "./functions.js";

/** The reference's time format, `2006-01-02 15:04:05.000Z`, in UTC. */
const NOW = `(to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS"Z"'))`;
/** 'r' and 14 hex digits, as SQLite's ('r'||lower(hex(randomblob(7)))). */
const RANDOM_ID = `('r' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 14))`;

/**
 * The system tables of db/systemSchema.ts on PostgreSQL: the same names and columns, JSON as the
 * same TEXT, booleans as BOOLEAN. `_admins`, `_collections` and `_externalAuths` get the hidden
 * `_rowid` (SQLite's insertion order: the collections' storage order, the ties of admin lists and
 * links); `_logs` gets `rowid` (the dashboard sorts logs by it). One database holds data.db's tables and logs.db's `_logs`.
 */
export const PG_SYSTEM_TABLES: readonly string[] = [
  `CREATE TABLE "_migrations" ("file" VARCHAR(255) PRIMARY KEY NOT NULL, "applied" BIGINT NOT NULL)`,
  `CREATE TABLE "_admins" (
    "_rowid"          BIGSERIAL NOT NULL,
    "id"              TEXT PRIMARY KEY NOT NULL,
    "avatar"          INTEGER DEFAULT 0 NOT NULL,
    "email"           TEXT UNIQUE NOT NULL,
    "tokenKey"        TEXT UNIQUE NOT NULL,
    "passwordHash"    TEXT NOT NULL,
    "lastResetSentAt" TEXT DEFAULT '' NOT NULL,
    "created"         TEXT DEFAULT ${NOW} NOT NULL,
    "updated"         TEXT DEFAULT ${NOW} NOT NULL
  )`,
  `CREATE TABLE "_collections" (
    "_rowid"     BIGSERIAL NOT NULL,
    "id"         TEXT PRIMARY KEY NOT NULL,
    "system"     BOOLEAN DEFAULT FALSE NOT NULL,
    "type"       TEXT DEFAULT 'base' NOT NULL,
    "name"       TEXT UNIQUE NOT NULL,
    "schema"     TEXT DEFAULT '[]' NOT NULL,
    "indexes"    TEXT DEFAULT '[]' NOT NULL,
    "listRule"   TEXT DEFAULT NULL,
    "viewRule"   TEXT DEFAULT NULL,
    "createRule" TEXT DEFAULT NULL,
    "updateRule" TEXT DEFAULT NULL,
    "deleteRule" TEXT DEFAULT NULL,
    "options"    TEXT DEFAULT '{}' NOT NULL,
    "created"    TEXT DEFAULT ${NOW} NOT NULL,
    "updated"    TEXT DEFAULT ${NOW} NOT NULL
  )`,
  `CREATE TABLE "_params" (
    "id"      TEXT PRIMARY KEY NOT NULL,
    "key"     TEXT UNIQUE NOT NULL,
    "value"   TEXT DEFAULT NULL,
    "created" TEXT DEFAULT '' NOT NULL,
    "updated" TEXT DEFAULT '' NOT NULL
  )`,
  `CREATE TABLE "_externalAuths" (
    "_rowid"       BIGSERIAL NOT NULL,
    "id"           TEXT PRIMARY KEY NOT NULL,
    "collectionId" TEXT NOT NULL REFERENCES "_collections" ("id") ON UPDATE CASCADE ON DELETE CASCADE,
    "recordId"     TEXT NOT NULL,
    "provider"     TEXT NOT NULL,
    "providerId"   TEXT NOT NULL,
    "created"      TEXT DEFAULT ${NOW} NOT NULL,
    "updated"      TEXT DEFAULT ${NOW} NOT NULL
  )`,
  `CREATE UNIQUE INDEX "_externalAuths_record_provider_idx" ON "_externalAuths" ("collectionId", "recordId", "provider")`,
  `CREATE UNIQUE INDEX "_externalAuths_collection_provider_idx" ON "_externalAuths" ("collectionId", "provider", "providerId")`,
  `CREATE TABLE "_logs" (
    "rowid"   BIGSERIAL NOT NULL,
    "id"      TEXT PRIMARY KEY DEFAULT ${RANDOM_ID} NOT NULL,
    "level"   INTEGER DEFAULT 0 NOT NULL,
    "message" TEXT DEFAULT '' NOT NULL,
    "data"    TEXT DEFAULT '{}' NOT NULL,
    "created" TEXT DEFAULT ${NOW} NOT NULL,
    "updated" TEXT DEFAULT ${NOW} NOT NULL
  )`,
  `CREATE INDEX "_logs_level_idx" ON "_logs" ("level")`,
  `CREATE INDEX "_logs_message_idx" ON "_logs" ("message")`,
  // The hour bucket the logs stats group by (Dialect.hourOf).
  `CREATE INDEX "_logs_created_hour_idx" ON "_logs" ((substr("created", 1, 13) || ':00:00'))`,
  // NULLS FIRST: SQLite's NULL order, which the lists' ORDER BY asks for, so `sort=-rowid` walks it backward.
  `CREATE INDEX "_logs_rowid_idx" ON "_logs" ("rowid" NULLS FIRST)`,
];

export interface PgSchemaOptions {
  /** The settings of a new database (settings/defaults.ts, above db/). */
  initialSettings: () => object;
  /**
   * Makes the tables of collections whose rows are stored (collections/sync.ts
   * createCollectionsStorage, above db/): the default `users` collection of a new database.
   */
  createCollectionsStorage: (tx: Tx, collections: readonly CollectionModel[]) => Promise<unknown>;
}

/** Whether every migration name the reference records is there (a Cairn or copied database). */
async function isMigrated(tx: Tx): Promise<"new" | "done"> {
  const exists = await tx.get<{ t: string | null }>(`SELECT to_regclass('"_migrations"')::text AS t`);
  if (!exists?.t) return "new";
  const rows = await tx.all<{ file: string }>(`SELECT "file" FROM "_migrations"`);
  const applied = new Set(rows.map((r) => r.file));
  const missing = [...DATA_MIGRATIONS, ...LOGS_MIGRATIONS].filter((n) => !applied.has(n));
  if (missing.length) throw new Error(`the database has a _migrations table without Cairn's migrations (missing: ${missing.join(", ")}): not a Cairn database`);
  return "done";
}

/**
 * Brings a PostgreSQL database to the system schema: a new (empty) one gets the tables, the
 * default `users` collection and the initial settings, as a new data directory does; every open
 * (re)installs what is idempotent (the change-version triggers, the query functions, Cairn's
 * sign-in tables). Nodes starting at once take turns (the write transaction's advisory lock).
 */
export async function migratePostgres(db: PgDb, opts: PgSchemaOptions): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await isMigrated(tx)) === "new") {
      for (const sql of PG_SYSTEM_TABLES) await tx.run(sql);
      const now = nowString();
      const users = { ...USERS_COLLECTION, created: now, updated: now } as unknown as CollectionModel;
      await tx.run(
        `INSERT INTO "_collections" ("id", "system", "type", "name", "schema", "indexes", "listRule", "viewRule", "createRule", "updateRule", "deleteRule", "options", "created", "updated") VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
        [users.id, false, users.type, users.name, JSON.stringify(users.schema), JSON.stringify(users.indexes), users.listRule, users.viewRule,
          users.createRule, users.updateRule, users.deleteRule, JSON.stringify(users.options), now, now],
      );
      await opts.createCollectionsStorage(tx, [users]);
      await tx.run(`INSERT INTO "_params" ("id", "key", "value", "created", "updated") VALUES (?, ?, ?, ?, ?)`, [
        newId(), "settings", JSON.stringify(opts.initialSettings()), now, now,
      ]);
      // The reference stores the apply time in microseconds; data.db's and logs.db's names share one table here.
      const applied = Date.now() * 1000;
      const names = [...new Set([...DATA_MIGRATIONS, ...LOGS_MIGRATIONS])];
      for (const [i, name] of names.entries()) await tx.run(`INSERT INTO "_migrations" ("file", "applied") VALUES (?, ?)`, [name, applied + i]);
    }
    await installIdempotentSchema(tx);
  });
}

/**
 * What every open (re)installs, and a copy into a new database installs after the tables (db/copy/):
 * the change-version triggers, Cairn's sign-in tables and the query functions.
 */
export async function installIdempotentSchema(tx: Tx): Promise<void> {
  // Databases made before admins kept their insertion order (their list's ties).
  await tx.run(`ALTER TABLE "_admins" ADD COLUMN IF NOT EXISTS "_rowid" BIGSERIAL NOT NULL`);
  await tx.exec(changeVersionDdl());
  for (const sql of SIGN_IN_TABLES) await tx.run(sql);
  await installQueryFunctions(tx);
}
