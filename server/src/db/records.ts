import { cachedStatement, type DB } from "./connection.js";
import { quoteIdent } from "./dialect.js";

const q = quoteIdent;
export type Row = Record<string, unknown>;

/** SQL access to record tables (and views, read only). Values arrive already encoded for storage. */
export class RecordsRepo {
  constructor(private readonly db: DB) {}

  findById(table: string, id: string): Row | undefined {
    return cachedStatement(this.db, `SELECT * FROM ${q(table)} WHERE ${q("id")} = ? LIMIT 1`).get(id) as Row | undefined;
  }

  /** The first record whose column equals the value (case-insensitively when asked). */
  findFirstBy(table: string, column: string, value: unknown, nocase = false): Row | undefined {
    const cmp = nocase ? `LOWER(${q(column)}) = LOWER(?)` : `${q(column)} = ?`;
    return cachedStatement(this.db, `SELECT * FROM ${q(table)} WHERE ${cmp} LIMIT 1`).get(value) as Row | undefined;
  }

  idExists(table: string, id: string): boolean {
    return !!cachedStatement(this.db, `SELECT 1 FROM ${q(table)} WHERE ${q("id")} = ? LIMIT 1`).get(id);
  }

  /** How many of the given ids exist in a table. */
  countExisting(table: string, ids: string[]): number {
    if (ids.length === 0) return 0;
    const row = cachedStatement(this.db, `SELECT COUNT(*) AS n FROM ${q(table)} WHERE ${q("id")} IN (${ids.map(() => "?").join(", ")})`).get(...ids) as { n: number };
    return Number(row.n);
  }

  /** Whether another record of the table has this value in a column (case-insensitive when asked). */
  valueTaken(table: string, column: string, value: unknown, exceptId: string, nocase = false): boolean {
    const cmp = nocase ? `LOWER(${q(column)}) = LOWER(?)` : `${q(column)} = ?`;
    return !!cachedStatement(this.db, `SELECT 1 FROM ${q(table)} WHERE ${cmp} AND ${q("id")} != ? LIMIT 1`).get(value, exceptId);
  }

  insert(table: string, row: Row): void {
    const cols = Object.keys(row);
    cachedStatement(this.db, `INSERT INTO ${q(table)} (${cols.map(q).join(", ")}) VALUES (${cols.map(() => "?").join(", ")})`).run(...cols.map((c) => row[c]));
  }

  update(table: string, id: string, row: Row): void {
    const cols = Object.keys(row);
    cachedStatement(this.db, `UPDATE ${q(table)} SET ${cols.map((c) => `${q(c)} = ?`).join(", ")} WHERE ${q("id")} = ?`).run(...cols.map((c) => row[c]), id);
  }

  delete(table: string, id: string): void {
    cachedStatement(this.db, `DELETE FROM ${q(table)} WHERE ${q("id")} = ?`).run(id);
  }

  /** Records whose relation column holds `id` (a plain value or an element of a JSON list). */
  referencing(table: string, column: string, id: string, multiple: boolean): Row[] {
    return cachedStatement(this.db, holdingSql(table, column, multiple)).all(...(multiple ? [id, id] : [id])) as Row[];
  }

  /** The first record whose column holds the value (how a file served through a view finds its record). */
  firstHolding(table: string, column: string, value: string, multiple: boolean): Row | undefined {
    return cachedStatement(this.db, holdingSql(table, column, multiple) + " LIMIT 1").get(...(multiple ? [value, value] : [value])) as Row | undefined;
  }

  /** Records whose ids are in the list, in no particular order. */
  findByIds(table: string, ids: string[]): Row[] {
    if (ids.length === 0) return [];
    // One statement whatever the number of ids (no placeholder list to re-prepare, no variable limit).
    return cachedStatement(this.db, `SELECT * FROM ${q(table)} WHERE ${q("id")} IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as Row[];
  }
}

/** Records whose column is the value or, for multi-value columns, lists it in its JSON array. */
function holdingSql(table: string, column: string, multiple: boolean): string {
  const c = q(column);
  return multiple
    ? `SELECT * FROM ${q(table)} WHERE ${c} = ? OR (json_valid(${c}) AND EXISTS (SELECT 1 FROM json_each(${c}) WHERE json_each.value = ?))`
    : `SELECT * FROM ${q(table)} WHERE ${c} = ?`;
}
