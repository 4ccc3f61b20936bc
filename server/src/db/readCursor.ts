import { openDatabase, type DB } from "./connection.js";
import { sqliteConnection } from "./sqlite/database.js";
import type { Db } from "./types.js";

/** Rows of one query read in chunks; `close()` ends it early (idempotent). */
export interface ReadCursor {
  next(max: number): Record<string, unknown>[];
  close(): void;
}

/**
 * Reads a query's rows a chunk at a time on a connection of its own (read-only, on the same
 * file): the app's connection stays free between chunks, and the cursor sees one consistent
 * snapshot (its read transaction) however long the reader takes. The statement is checked on
 * `db` at once (a statement SQLite refuses fails here); the connection opens at the first
 * `next()`, so a cursor never read holds nothing.
 */
export function openReadCursor(database: Db, sql: string, params: readonly unknown[]): ReadCursor {
  const db = sqliteConnection(database);
  db.prepare(sql);
  let conn: DB | null = null;
  let rows: IterableIterator<unknown> | null = null;
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    rows?.return?.();
    conn?.close();
  };
  return {
    next(max) {
      const out: Record<string, unknown>[] = [];
      if (open && !rows) {
        conn = openDatabase(db.name, { readonly: true });
        rows = conn.prepare(sql).iterate(...params);
      }
      while (open && out.length < max) {
        const r = rows!.next();
        if (r.done) {
          close();
          break;
        }
        out.push(r.value as Record<string, unknown>);
      }
      return out;
    },
    close,
  };
}
