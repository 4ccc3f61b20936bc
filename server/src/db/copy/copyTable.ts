import type { Tx } from "../types.js";
import type { CopyProgress, CopySource, RowBatch } from "./types.js";

/** Bound values per multi-row INSERT on PostgreSQL (its limit is 65535), and rows at most. */
const PG_PARAMS = 30_000;
const PG_ROWS = 1000;

/**
 * A value as the target engine takes it: SQLite has no booleans (PostgreSQL's true/false are
 * its 1/0); PostgreSQL reads SQLite's 1/0 into BOOLEAN columns itself.
 */
const sqliteValue = (v: unknown) => (typeof v === "boolean" ? (v ? 1 : 0) : v);

/**
 * Copies one table's rows (`total` of them, counted at the source's state) from the source into
 * the target's table of the same name, in the source's insertion order (so the target's own row order follows it): the columns both have.
 * PostgreSQL gets multi-row INSERTs; SQLite one prepared INSERT per row (as fast there).
 * Returns the rows copied.
 */
export async function copyTable(source: CopySource, tx: Tx, table: string, total: number, onProgress?: CopyProgress): Promise<number> {
  const dialect = tx.db.dialect;
  const targetColumns = new Set((await dialect.tableColumns(tx, table)).map((c) => c.name));
  const columns = (await source.columns(table)).filter((c) => targetColumns.has(c));
  onProgress?.(table, 0, total);
  if (total === 0 || columns.length === 0) return 0;
  const head = `INSERT INTO ${dialect.quote(table)} (${columns.map((c) => dialect.quote(c)).join(", ")}) VALUES `;
  const tuple = `(${columns.map(() => "?").join(", ")})`;
  const perStatement = dialect.name === "postgres" ? Math.max(1, Math.min(PG_ROWS, Math.floor(PG_PARAMS / columns.length))) : 1;
  const insert = async (rows: RowBatch) => {
    const sql = head + Array(rows.length).fill(tuple).join(", ");
    await tx.run(sql, dialect.name === "sqlite" ? rows.flat().map(sqliteValue) : rows.flat());
  };
  let done = 0;
  for await (const batch of source.batches(table, columns)) {
    for (let i = 0; i < batch.length; i += perStatement) await insert(batch.slice(i, i + perStatement));
    done += batch.length;
    onProgress?.(table, done, total);
  }
  return done;
}
