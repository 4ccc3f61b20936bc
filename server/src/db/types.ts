import type { Dialect } from "./dialect.js";

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
