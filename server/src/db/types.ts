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
  /** The value at a JSON path (`$.a.b`, `$[#-1]`) of a JSON text expression. */
  jsonExtract(expr: string, path: string): string;
  /** Whether a text expression holds valid JSON. */
  jsonValid(expr: string): string;
  /** The number of elements of a JSON array expression. */
  jsonArrayLength(expr: string): string;
  /** A table expression with one row per element of a JSON array (`alias.value` holds it). */
  jsonEach(expr: string, alias: string): string;
  /** The ESCAPE clause that goes with patterns built by query/like.ts. */
  readonly likeEscape: string;
  /** An INSERT that updates `update` columns when a row with the same `key` columns exists. */
  upsert(table: string, columns: readonly string[], key: readonly string[], update: readonly string[]): string;
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
