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
}
