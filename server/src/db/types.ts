import type { ColumnKind } from "../fields/types.js";
import type { IndexDef } from "./indexes.js";

export type { ColumnKind };

/** A row as the database answers it (column name → value). */
export type Row = Record<string, unknown>;

/** What a write statement reports. */
export interface RunResult {
  /** Rows inserted, updated or deleted. */
  changes: number;
}

/**
 * Runs statements with bound, positional (`?`) parameters. Both a `Db` (each statement on its
 * own, outside any transaction) and a `Tx` are one; repository methods take it as their first
 * argument so the caller decides what they run on.
 */
export interface Queryable {
  all<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** The first row, or undefined. */
  get<T = Row>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  run(sql: string, params?: readonly unknown[]): Promise<RunResult>;
  /** Statements without parameters or results (DDL), possibly several. */
  exec(sql: string): Promise<void>;
  /** The database these statements run on. */
  readonly db: Db;
  /** True inside `db.transaction()` (its writes are not visible to others until it commits). */
  readonly inTransaction: boolean;
}

/**
 * The statements of one `db.read()` or `db.transaction()`. It ends with its function: using it
 * after that throws.
 */
export interface Tx extends Queryable {
  /**
   * Runs fn after the transaction commits (events, cache invalidation); never when it rolls
   * back. Outside a transaction (a read) fn runs at once.
   */
  afterCommit(fn: () => void): void;
  /** fn inside a savepoint: when it throws, only its changes are undone (the error still propagates). */
  savepoint<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

/**
 * A database: the one seam between the services and a storage engine (SQLite now; the
 * PostgreSQL adapter implements the same). Writes happen only inside `transaction()`, which
 * queues writers and never holds readers back.
 */
export interface Db extends Queryable {
  readonly dialect: Dialect;
  /** Reads that see committed data only. */
  read<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * fn inside a transaction: committed when it resolves, rolled back when it throws. Never call
   * it again inside fn (that would wait on itself): pass the Tx down.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * A number that changes when another program or node commits to the database (how caches
   * notice writes that did not go through this process's services).
   */
  changeVersion(): Promise<number>;
  /** Waits for the transaction in progress, then closes the connections. */
  close(): Promise<void>;
}

/** A piece of SQL with the values of its `?` placeholders, in order. */
export interface SqlPart {
  sql: string;
  params: unknown[];
}

/**
 * What an operand of a comparison holds, so an engine that types its values (PostgreSQL) can
 * compare them the way SQLite does (SQLite's column affinity decides conversions):
 * - "text", "number", "bool": a record column of that kind (text affinity; numeric affinity);
 * - "json": the text of a JSON or multi-value column (numeric affinity in SQLite);
 * - "value": a value read from JSON (null, a number or text, without affinity);
 * - "string", "real", "integer", "null": a bound value or expression of that type, without affinity.
 */
export type ValueKind = "text" | "number" | "bool" | "json" | "value" | "string" | "real" | "integer" | "null";

/** An operand of a comparison: its SQL and what it holds. */
export interface SqlOperand extends SqlPart {
  kind: ValueKind;
}

/** One term of a list's order: the value and its direction. */
export interface SortTerm {
  value: SqlOperand;
  direction: "ASC" | "DESC";
}

/** The comparisons `Dialect.compare` writes. */
export type CompareOp = "=" | "IS" | "IS NOT" | "<" | "<=" | ">" | ">=";

/** A column of a table or view, as the database describes it. */
export interface ColumnInfo {
  name: string;
  type: string;
}

/**
 * Everything that differs between storage engines, as text builders and classifiers: the
 * query builders and repositories ask the dialect of the `Db` they run on instead of writing
 * engine-specific SQL themselves.
 */
export interface Dialect {
  readonly name: "sqlite" | "postgres";
  /** A quoted identifier (table, column, index). */
  quote(name: string): string;
  /**
   * A quoted identifier that may be a query's own alias (`posts>author>team`, `@request.auth`):
   * as `quote` for plain names; an alias longer than the engine allows is shortened, uniquely.
   */
  alias(name: string): string;
  /** Whether a text expression holds valid JSON. */
  jsonValid(expr: string): string;
  /**
   * A table expression (`fn(...) alias`, the alias quoted here) with one row per element of
   * the JSON array text `json` (bound ids, a request's values), in its column `value`.
   */
  jsonEach(json: string, alias: string): string;
  /**
   * A table expression (`... AS alias`) with one row per value a column holds: the elements
   * of its JSON array (an empty array gives no row), or the column itself when it holds no
   * JSON (NULL too: one NULL row). Column `value`, a value of kind "value".
   */
  eachValue(x: SqlPart, alias: string): SqlPart;
  /** A "value" operand (from `eachValue`) as text, the way a text column compares with it (ids). */
  valueText(expr: string): string;
  /** A LEFT JOIN of a table expression on every row (no join condition). */
  leftJoinAll(table: string): string;
  /** A FROM item of exactly one row (what a LEFT JOIN of values hangs on). */
  readonly oneRow: string;
  /**
   * The value at `path` (`""`, `.a`, `[0].b`) of a JSON column's text; text that is not
   * JSON is read as one string value (so `path` "" gives it back). A value of kind "value".
   */
  jsonFieldValue(column: string, path: string): SqlPart;
  /** The value at a JSON path (`$.a."b c"[0]`) of a column's JSON text; NULL when it holds no JSON. */
  jsonKeyValue(column: string, path: string): SqlPart;
  /** How many values a single- or multi-value column holds ('' and NULL hold none; plain text one). */
  valueCount(column: string): string;
  /** The column of a record table (`alias`, quoted) that orders its rows as inserted (`@rowid`). */
  rowid(alias: string): string;
  /**
   * Whether a list must order by insertion itself: true when the engine's scans do not
   * return ties and unordered rows in insertion order (PostgreSQL), so the row-order column
   * becomes the last ORDER BY term.
   */
  readonly orderTies: boolean;
  /**
   * The last ORDER BY term of a view's list, keeping ties in the order the view's query gives
   * its rows (a view has no row-order column); "" when the engine's sort keeps that order itself.
   */
  readonly viewOrder: string;
  /** A condition that always holds (an empty API rule). */
  readonly alwaysTrue: string;
  /** A truth value as an integer-like operand (`@request.data.x:isset`). */
  truth(value: boolean): string;
  /**
   * One comparison of two operands: `=`, `<`, `<=`, `>`, `>=`, and `IS` / `IS NOT` (NULL-safe),
   * with SQLite's rules (type affinity; NULL < numbers < text; text compared bytewise).
   */
  compare(op: CompareOp, left: SqlOperand, right: SqlOperand): SqlPart;
  /** `x IS NULL` (or `IS NOT NULL` when `negate`). */
  isNull(x: SqlOperand, negate: boolean): SqlPart;
  /** `COALESCE(x, '')`: NULL read as the empty text (an operand without affinity). */
  coalesceEmpty(x: SqlOperand): SqlOperand;
  /**
   * `x LIKE pattern` with SQLite's rules (ASCII case folding, `\` escapes, operands read as
   * text); `contains` wraps a pattern operand in `%...%`; `negate` gives NOT LIKE.
   */
  like(x: SqlOperand, pattern: SqlOperand, negate: boolean, contains: boolean): SqlPart;
  /** One ORDER BY term with SQLite's order (NULLs first ascending; numbers before text; text bytewise). */
  sortTerm(x: SqlOperand, direction: "ASC" | "DESC"): SqlPart;
  /** The ORDER BY term of a random order. */
  readonly randomOrder: string;
  /**
   * The page of a list whose joins may repeat rows: each row of `table` once, ordered by
   * `orderBy` (the ORDER BY text of `terms`, values over the joined rows; may be empty) and then
   * `tieBreak` (the row-order column when `orderTies`, else ""), then LIMIT ? OFFSET ? (the
   * caller appends their params). `joins` are the JOIN clauses, `where` " WHERE ..." or empty.
   */
  distinctPage(table: string, joins: SqlPart, where: SqlPart, orderBy: SqlPart, terms: readonly SortTerm[], tieBreak: string): SqlPart;
  /** The number of distinct rows of `table` (as `total`) in a list whose joins may repeat rows. */
  distinctCount(table: string, joins: SqlPart, where: SqlPart): SqlPart;
  /** The `YYYY-MM-DD HH:00:00` hour of a stored date text (logs' hourly stats). */
  hourOf(expr: string): string;
  /** The columns of a table or view; throws when it does not resolve. */
  tableColumns(q: Queryable, name: string): Promise<ColumnInfo[]>;
  /** Whether the database refused a statement (bad SQL, a missing column, a constraint, ...). */
  isSqlError(err: unknown): err is Error;
  /** The columns a unique index refused a write on; null when err is no unique violation. */
  uniqueViolationColumns(err: unknown): string[] | null;
  /** An engine error worded as the reference words it ("SQL logic error: … (1)"). */
  errorText(err: unknown): string;
  /** DDL of record tables, views and indexes. */
  readonly schema: SchemaEditor;
}


/** A column switching between one value and a JSON array of values (select, relation, file). */
export interface CardinalityChange {
  column: string;
  toMultiple: boolean;
  /** The column's definition after the change. */
  definition: string;
}

/**
 * The DDL that keeps record tables, views and indexes in step with their collections, one
 * implementation per engine. Every method runs on the transaction it is given (PostgreSQL's
 * DDL is transactional; SQLite's too), so a failed collection save leaves nothing applied.
 */
export interface SchemaEditor {
  /** The column definition (type, default, constraints) of a field's column. */
  columnDefinition(kind: ColumnKind): string;
  /** The columns every record table has (id, created, updated), with an auth collection's own. */
  systemColumns(auth: boolean): Record<string, string>;
  createTable(tx: Tx, table: string, columns: Record<string, string>): Promise<void>;
  /** Renames a table; nothing to do when the engine reads both names as the same one. */
  renameTable(tx: Tx, from: string, to: string): Promise<void>;
  dropTable(tx: Tx, table: string): Promise<void>;
  addColumn(tx: Tx, table: string, column: string, definition: string): Promise<void>;
  dropColumn(tx: Tx, table: string, column: string): Promise<void>;
  renameColumn(tx: Tx, table: string, from: string, to: string): Promise<void>;
  /** Switches columns between one value and a JSON array (the last value kept), converting the rows. */
  changeCardinality(tx: Tx, table: string, changes: readonly CardinalityChange[]): Promise<void>;
  /** The unique indexes (username, email, tokenKey) of a new auth collection's table. */
  createAuthIndexes(tx: Tx, collectionId: string, table: string): Promise<void>;
  /** Creates an index read from a collection's `indexes` (SQLite syntax); throws the engine's refusal. */
  createIndex(tx: Tx, index: IndexDef): Promise<void>;
  dropIndex(tx: Tx, name: string): Promise<void>;
  /** (Re)creates a view over one query (the engine's own SQL); throws when it does not resolve. */
  replaceView(tx: Tx, name: string, query: string): Promise<void>;
  dropView(tx: Tx, name: string): Promise<void>;
  /** Whether a column type, as `Dialect.tableColumns` reports it, holds text (a view's id must). */
  isTextType(type: string): boolean;
  /** The view query with its id cast to text, keeping the other columns in order. */
  viewIdAsText(query: string, otherColumns: readonly string[]): string;
}
