import type pg from "pg";
import { collectionFromRow, type CollectionModel, type CollectionRow } from "../../models/collection.js";
import { createPgPool } from "../postgres/database.js";
import { connectError } from "../postgres/url.js";
import { ROWID } from "../postgres/schemaEditor.js";
import { LOGS_TABLE, READ_BATCH } from "./tables.js";
import { CopyRefusedError, type CopySource, type RowBatch } from "./types.js";

const q = (name: string) => '"' + name.replace(/"/g, '""') + '"';

/**
 * A PostgreSQL database as a copy source: one REPEATABLE READ, read-only transaction, so every
 * table is read at one state while servers keep writing. Rows come in insertion order (the
 * hidden `_rowid`, `_logs`' `rowid`); the small tables without one by id.
 */
export class PgSource implements CopySource {
  private constructor(
    private readonly pool: pg.Pool,
    /** Whether the pool is the source's own (ended with it). */
    private readonly ownPool: boolean,
    private readonly client: pg.PoolClient,
    readonly collections: readonly CollectionModel[],
    private readonly tables: Map<string, string[]>,
  ) {}

  static async open(url: string): Promise<PgSource> {
    return PgSource.over(createPgPool(url, { size: 1 }), true, url);
  }

  /**
   * A source over a connection of `pool` (a running app's: a backup), which it ends when
   * `ownPool`; `url` names the database in a connection error.
   */
  static async over(pool: pg.Pool, ownPool: boolean, url = ""): Promise<PgSource> {
    let client: pg.PoolClient | undefined;
    try {
      client = await pool.connect().catch((err) => {
        throw url ? connectError(url, err) : err;
      });
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
      const cols = await client.query<{ t: string; c: string }>(
        `SELECT c.relname AS t, a.attname AS c FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
         WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') ORDER BY c.relname, a.attnum`,
      );
      const tables = new Map<string, string[]>();
      for (const r of cols.rows) tables.set(r.t, [...(tables.get(r.t) ?? []), r.c]);
      if (!tables.has("_collections")) throw new CopyRefusedError("the source database holds no Cairn data (no _collections table)");
      const rows = await client.query<CollectionRow>(`SELECT * FROM "_collections" ORDER BY ${q(ROWID)}`);
      return new PgSource(pool, ownPool, client, rows.rows.map(collectionFromRow), tables);
    } catch (err) {
      client?.release(true);
      if (ownPool) await pool.end();
      throw err;
    }
  }

  has(table: string): boolean {
    return this.tables.has(table);
  }

  /** The column giving the table's insertion order, if it has one. */
  private orderColumn(table: string): string | null {
    const cols = this.tables.get(table) ?? [];
    if (cols.includes(ROWID)) return ROWID;
    return table === LOGS_TABLE && cols.includes("rowid") ? "rowid" : null;
  }

  async columns(table: string): Promise<string[]> {
    const order = this.orderColumn(table);
    return (this.tables.get(table) ?? []).filter((c) => c !== order);
  }

  async count(table: string): Promise<number> {
    return Number((await this.client.query<{ n: string }>(`SELECT count(*) AS n FROM ${q(table)}`)).rows[0].n);
  }

  async *batches(table: string, columns: readonly string[]): AsyncIterable<RowBatch> {
    const list = columns.map(q).join(", ");
    const order = this.orderColumn(table);
    if (!order) {
      yield (await this.client.query({ text: `SELECT ${list} FROM ${q(table)} ORDER BY "id"`, rowMode: "array" })).rows;
      return;
    }
    const text = `SELECT ${q(order)}, ${list} FROM ${q(table)} WHERE ${q(order)} > $1 ORDER BY ${q(order)} LIMIT ${READ_BATCH}`;
    for (let last = 0; ; ) {
      const rows = (await this.client.query({ text, values: [last], rowMode: "array" })).rows as unknown[][];
      if (rows.length === 0) return;
      last = Number(rows[rows.length - 1][0]);
      yield rows.map((r) => r.slice(1));
      if (rows.length < READ_BATCH) return;
    }
  }

  async migrations(): Promise<{ file: string; applied: number }[]> {
    if (!this.tables.has("_migrations")) return [];
    return (await this.client.query<{ file: string; applied: number }>(`SELECT "file", "applied" FROM "_migrations" ORDER BY "file"`)).rows;
  }

  async close(): Promise<void> {
    try {
      await this.client.query("COMMIT");
    } finally {
      this.client.release();
      if (this.ownPool) await this.pool.end();
    }
  }
}
