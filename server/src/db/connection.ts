import Database from "better-sqlite3";

export type DB = Database.Database;

export interface OpenOptions {
  readonly?: boolean;
}

/**
 * Opens a SQLite file with the pragmas the reference uses (WAL, 10s busy wait,
 * foreign keys on) so both servers can take turns on the same data directory.
 */
export function openDatabase(file: string, opts: OpenOptions = {}): DB {
  const db = new Database(file, { readonly: opts.readonly ?? false });
  for (const p of opts.readonly ? READ_PRAGMAS : WRITE_PRAGMAS) db.pragma(p);
  return db;
}

/** Every connection's pragmas (the read workers' connections apply these too). */
export const READ_PRAGMAS: readonly string[] = ["busy_timeout = 10000", "foreign_keys = ON", "cache_size = -32000", "temp_store = MEMORY"];
/** A writing connection's, in the order they apply (WAL before the rest). */
const WRITE_PRAGMAS: readonly string[] = ["busy_timeout = 10000", "journal_mode = WAL", "synchronous = NORMAL", ...READ_PRAGMAS.slice(1)];

/**
 * The one way to run a transaction: fn inside an immediate transaction (writers queue instead
 * of failing with SQLITE_BUSY mid-way); called inside another one it becomes a savepoint.
 */
export function transaction<T>(db: DB, fn: () => T): T {
  return db.transaction(fn).immediate();
}

const STATEMENT_CACHE_SIZE = 256;
const statementCaches = new WeakMap<DB, Map<string, Database.Statement>>();

/**
 * Prepares `sql` once per connection and reuses it: dynamic list queries repeat the same
 * few shapes (values are bound parameters), and preparing is a large share of their cost.
 * The cache is a small LRU so generated SQL cannot grow it without bound.
 */
export function cachedStatement(db: DB, sql: string): Database.Statement {
  let cache = statementCaches.get(db);
  if (!cache) statementCaches.set(db, (cache = new Map()));
  let stmt = cache.get(sql);
  if (stmt) {
    cache.delete(sql); // re-insert to mark as most recently used
  } else {
    stmt = db.prepare(sql);
    if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  cache.set(sql, stmt);
  return stmt;
}
