import type pg from "pg";
import type { PgDb } from "./database.js";
import { numberPlaceholders } from "./placeholders.js";

/** db/readCursor.ts's ReadCursor (not imported: that module dispatches to this one). */
export interface PgReadCursor {
  next(max: number): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/**
 * PostgreSQL's read cursor: a connection of the pool held for the cursor's life, in a read-only
 * REPEATABLE READ transaction (one snapshot however long the reader takes), the query DECLAREd at
 * open (a statement PostgreSQL refuses fails there, before anything streams) and FETCHed a chunk
 * at a time. Closing (or reading to the end) ends the transaction and gives the connection back.
 */
export async function openPgReadCursor(db: PgDb, sql: string, params: readonly unknown[]): Promise<PgReadCursor> {
  const conn: pg.PoolClient = await db.pool.connect();
  try {
    await conn.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    await conn.query({ text: `DECLARE cairn_cursor NO SCROLL CURSOR FOR ${numberPlaceholders(sql)}`, values: params as unknown[] });
  } catch (err) {
    await conn.query("ROLLBACK").catch(() => undefined);
    conn.release();
    throw err;
  }
  let open = true;
  const close = async () => {
    if (!open) return;
    open = false;
    try {
      await conn.query("ROLLBACK");
      conn.release();
    } catch (err) {
      // A connection that failed is not given back to the pool.
      conn.release(err instanceof Error ? err : true);
    }
  };
  return {
    async next(max) {
      if (!open) return [];
      const rows = (await conn.query(`FETCH ${Math.max(1, Math.floor(max))} FROM cairn_cursor`)).rows as Record<string, unknown>[];
      if (rows.length < max) await close();
      return rows;
    },
    close,
  };
}
