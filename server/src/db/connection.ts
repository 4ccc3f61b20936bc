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
  db.pragma("busy_timeout = 10000");
  if (!opts.readonly) {
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
  }
  db.pragma("foreign_keys = ON");
  db.pragma("cache_size = -32000");
  db.pragma("temp_store = MEMORY");
  return db;
}

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
