import { openDatabase, type DB } from "./connection.js";
import { sqliteConnection } from "./sqlite/database.js";
import { PgDb } from "./postgres/database.js";
import { openPgReadCursor } from "./postgres/readCursor.js";
import type { Db } from "./types.js";

/** Rows of one query read in chunks; `close()` ends it early (idempotent). */
export interface ReadCursor {
  next(max: number): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/**
 * Reads a query's rows a chunk at a time on a connection of its own (read-only, on the same
 * file): the app's connection stays free between chunks, and the cursor sees one consistent
 * snapshot (its read transaction) however long the reader takes. The statement is checked on
 * `db` at once (a statement SQLite refuses fails here); the connection opens at the first
 * `next()`, so a cursor never read holds nothing.
 */
export async function openReadCursor(database: Db, sql: string, params: readonly unknown[]): Promise<ReadCursor> {
  if (database instanceof PgDb) return openPgReadCursor(database, sql, params);
  const db = sqliteConnection(database);
  db.prepare(sql);
  let conn: DB | null = null;
  let rows: IterableIterator<unknown> | null = null;
  let open = true;
  const close = async () => {
    if (!open) return;
    open = false;
    rows?.return?.();
    conn?.close();
  };
  return {
    async next(max) {
      const out: Record<string, unknown>[] = [];
      if (open && !rows) {
        conn = openDatabase(db.name, { readonly: true });
        rows = conn.prepare(sql).iterate(...params);
      }
      while (open && out.length < max) {
        const r = rows!.next();
        if (r.done) {
          await close();
          break;
        }
        out.push(r.value as Record<string, unknown>);
      }
      return out;
    },
    close,
  };
}
