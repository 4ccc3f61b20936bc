import { DATA_MIGRATIONS, LOGS_MIGRATIONS } from "../systemSchema.js";
import type { Db, Tx } from "../types.js";
import { createPgPool, PgDb } from "../postgres/database.js";
import { checkDatabaseUrl, connectError, redactUrl } from "../postgres/url.js";
import { copyAll } from "./copyAll.js";
import { createPgSystemSchema, dropCairnTables, firstRelation } from "./pgTarget.js";
import { SqliteSource } from "./sqliteSource.js";
import { CopyRefusedError, type CopyHooks, type CopyResult, type CopySource } from "./types.js";

export interface IntoPostgresOptions extends CopyHooks {
  /**
   * Replace Cairn's tables of a database that has them (a restore) instead of refusing any
   * database that is not empty. The cluster's own tables stay.
   */
  replace?: boolean;
}

export interface DataDirToPostgresOptions extends IntoPostgresOptions {
  /** A Cairn or PocketBase v0.22 data directory (data.db, logs.db). */
  dataDir: string;
  url: string;
}

/** The source's `_migrations` rows, refused when it was not brought to PocketBase v0.22's schema. */
async function migrationRows(source: CopySource): Promise<{ file: string; applied: number }[]> {
  const rows = new Map<string, number>();
  for (const r of await source.migrations()) if (!rows.has(r.file)) rows.set(r.file, Number(r.applied));
  const missing = DATA_MIGRATIONS.filter((n) => !rows.has(n));
  if (missing.length) {
    throw new CopyRefusedError(`data.db was created by an older PocketBase (missing migrations: ${missing.join(", ")}); open it once with PocketBase v0.22 to upgrade it`);
  }
  // A data directory without logs.db gets an empty _logs, as PocketBase would make it.
  const now = Date.now() * 1000;
  LOGS_MIGRATIONS.forEach((n, i) => rows.has(n) || rows.set(n, now + i));
  return [...rows].map(([file, applied]) => ({ file, applied }));
}

/**
 * Copies a source into a PostgreSQL database in ONE transaction (all or nothing): the target
 * must be empty (no table or view at all), or with `replace` its Cairn tables are dropped first.
 * Runs on a Db of the PostgreSQL adapter (its writers wait meanwhile, on every node).
 */
export async function copyIntoPostgres(source: CopySource, db: Db, opts: IntoPostgresOptions): Promise<CopyResult> {
  const migrations = await migrationRows(source);
  return db.transaction(async (tx: Tx) => {
    if (opts.replace) {
      await dropCairnTables(tx);
    } else {
      const existing = await firstRelation(tx);
      if (existing) throw new CopyRefusedError(`the target database is not empty (it has "${existing}"): cairn db copy writes into an empty database only`);
    }
    await createPgSystemSchema(tx);
    for (const m of migrations) await tx.run(`INSERT INTO "_migrations" ("file", "applied") VALUES (?, ?)`, [m.file, m.applied]);
    return copyAll(source, tx, tx, opts);
  });
}

/**
 * `cairn db copy --from DIR --to postgres://…`: a data directory's data.db and logs.db into an
 * empty PostgreSQL database (or, with `replace`, instead of Cairn's tables there).
 */
export async function copyDataDirToPostgres(opts: DataDirToPostgresOptions): Promise<CopyResult> {
  checkDatabaseUrl(opts.url);
  const source = SqliteSource.open(opts.dataDir);
  const db = new PgDb(createPgPool(opts.url, { size: 1 }));
  try {
    await db.get("SELECT 1").catch((err) => {
      throw connectError(opts.url, err);
    });
    return await copyIntoPostgres(source, db, opts);
  } catch (err) {
    if (err instanceof Error) err.message = err.message.split(opts.url).join(redactUrl(opts.url));
    throw err;
  } finally {
    await source.close();
    await db.close();
  }
}
