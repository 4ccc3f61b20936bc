import type { Queryable, Row } from "./types.js";

export type { Row };

/** The engine's identifier quoting (backquotes on SQLite, as before; double quotes on PostgreSQL). */
const quoter = (db: Queryable) => db.db.dialect.quote;

/**
 * SQL access to record tables (and views, read only). Values arrive already encoded for
 * storage. Every method runs on the `Db` or `Tx` it is given.
 */
export const recordsRepo = {
  findById(db: Queryable, table: string, id: string): Promise<Row | undefined> {
    const q = quoter(db);
    return db.get(`SELECT * FROM ${q(table)} WHERE ${q("id")} = ? LIMIT 1`, [id]);
  },

  /** The first record whose column equals the value (case-insensitively when asked). */
  findFirstBy(db: Queryable, table: string, column: string, value: unknown, nocase = false): Promise<Row | undefined> {
    const q = quoter(db);
    const cmp = nocase ? `LOWER(${q(column)}) = LOWER(?)` : `${q(column)} = ?`;
    return db.get(`SELECT * FROM ${q(table)} WHERE ${cmp} LIMIT 1`, [value]);
  },

  async idExists(db: Queryable, table: string, id: string): Promise<boolean> {
    const q = quoter(db);
    return !!(await db.get(`SELECT 1 FROM ${q(table)} WHERE ${q("id")} = ? LIMIT 1`, [id]));
  },

  /** How many of the given ids exist in a table. */
  async countExisting(db: Queryable, table: string, ids: string[]): Promise<number> {
    const q = quoter(db);
    if (ids.length === 0) return 0;
    const row = await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${q(table)} WHERE ${q("id")} IN (${ids.map(() => "?").join(", ")})`, ids);
    return Number(row!.n);
  },

  /** Whether another record of the table has this value in a column (case-insensitive when asked). */
  async valueTaken(db: Queryable, table: string, column: string, value: unknown, exceptId: string, nocase = false): Promise<boolean> {
    const q = quoter(db);
    const cmp = nocase ? `LOWER(${q(column)}) = LOWER(?)` : `${q(column)} = ?`;
    return !!(await db.get(`SELECT 1 FROM ${q(table)} WHERE ${cmp} AND ${q("id")} != ? LIMIT 1`, [value, exceptId]));
  },

  async insert(db: Queryable, table: string, row: Row): Promise<void> {
    const q = quoter(db);
    const cols = Object.keys(row);
    await db.run(`INSERT INTO ${q(table)} (${cols.map(q).join(", ")}) VALUES (${cols.map(() => "?").join(", ")})`, cols.map((c) => row[c]));
  },

  async update(db: Queryable, table: string, id: string, row: Row): Promise<void> {
    const q = quoter(db);
    const cols = Object.keys(row);
    await db.run(`UPDATE ${q(table)} SET ${cols.map((c) => `${q(c)} = ?`).join(", ")} WHERE ${q("id")} = ?`, [...cols.map((c) => row[c]), id]);
  },

  async delete(db: Queryable, table: string, id: string): Promise<void> {
    const q = quoter(db);
    await db.run(`DELETE FROM ${q(table)} WHERE ${q("id")} = ?`, [id]);
  },

  /** Records whose relation column holds `id` (a plain value or an element of a JSON list). */
  referencing(db: Queryable, table: string, column: string, id: string, multiple: boolean): Promise<Row[]> {
    return db.all(holdingSql(db, table, column, multiple), multiple ? [id, id] : [id]);
  },

  /** The first record whose column holds the value (how a file served through a view finds its record). */
  firstHolding(db: Queryable, table: string, column: string, value: string, multiple: boolean): Promise<Row | undefined> {
    return db.get(holdingSql(db, table, column, multiple) + " LIMIT 1", multiple ? [value, value] : [value]);
  },

  /** Records whose ids are in the list, in no particular order. */
  findByIds(db: Queryable, table: string, ids: string[]): Promise<Row[]> {
    const q = quoter(db);
    if (ids.length === 0) return Promise.resolve([]);
    // One statement whatever the number of ids (no placeholder list to re-prepare, no variable limit).
    const d = db.db.dialect;
    return db.all(`SELECT * FROM ${q(table)} WHERE ${q("id")} IN (SELECT ${q("j")}.value FROM ${d.jsonEach("?", "j")})`, [JSON.stringify(ids)]);
  },

  /** The auth record with this exact email in an auth collection's table. */
  findAuthByEmail(db: Queryable, table: string, email: string): Promise<Row | undefined> {
    const q = quoter(db);
    return db.get(`SELECT * FROM ${q(table)} WHERE ${q("email")} = ? LIMIT 1`, [email]);
  },
};

/** Records whose column is the value or, for multi-value columns, lists it in its JSON array. */
function holdingSql(db: Queryable, table: string, column: string, multiple: boolean): string {
  const q = quoter(db);
  const c = q(column);
  const d = db.db.dialect;
  return multiple
    ? `SELECT * FROM ${q(table)} WHERE ${c} = ? OR (${d.jsonValid(c)} AND EXISTS (SELECT 1 FROM ${d.jsonEach(c, "j")} WHERE ${q("j")}.value = ?))`
    : `SELECT * FROM ${q(table)} WHERE ${c} = ?`;
}
