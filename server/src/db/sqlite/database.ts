import { AsyncLocalStorage } from "node:async_hooks";
import { cachedStatement, openDatabase, type DB } from "../connection.js";
import { NO_READ_POOL, type ReadPool } from "../readPool.js";
import type { Db, Dialect, Queryable, Row, RunResult, Tx } from "../types.js";
import { sqliteDialect } from "./dialect.js";
import { sqliteSchemaEditor } from "./schemaEditor.js";
import { WriterQueue } from "./writerQueue.js";

export interface SqliteDbOptions {
  /** Slow reads outside transactions go to its worker threads. */
  readPool?: ReadPool;
  /** Open read-only (no transactions). */
  readonly?: boolean;
}

/**
 * Catches a `db.transaction()` called inside another one of the same database (it would wait
 * on itself forever). Tracking async context costs on every promise, so only under tests.
 */
const nesting = process.env.VITEST || process.env.CAIRN_CHECK_NESTED_TX ? new AsyncLocalStorage<SqliteDb>() : null;

/** The dialect with its schema editor, which reaches the driver connection of a Tx through sqliteConnection. */
const SQLITE_DIALECT: Dialect = { ...sqliteDialect, schema: sqliteSchemaEditor((q) => sqliteConnection(q)) };

const ended = () => new Error("the transaction has ended: its Tx was used after its function returned");

/**
 * The SQLite adapter (better-sqlite3). One connection writes: transactions queue for it
 * (WriterQueue) and run as BEGIN IMMEDIATE … COMMIT, across awaits. Reads outside a
 * transaction use the same connection while no transaction is open, and a read-only
 * connection of their own while one is (so they see committed data only and never wait for
 * a writer); slow ones go to the read pool's worker threads. better-sqlite3 answers
 * synchronously, so every promise here is already settled when returned.
 */
export class SqliteDb implements Db {
  readonly dialect: Dialect = SQLITE_DIALECT;
  readonly db: Db = this;
  readonly inTransaction = false;
  /** The file name (worker threads and cursors open their own connections to it). */
  readonly file: string;
  private readonly writer: DB;
  private reader: DB | null = null;
  private readonly queue = new WriterQueue();
  private readonly pool: ReadPool;
  private readonly readTx: Tx;
  private closed = false;

  constructor(file: string, opts: SqliteDbOptions = {}) {
    this.writer = openDatabase(file, { readonly: opts.readonly });
    this.file = this.writer.name;
    this.pool = opts.readPool ?? NO_READ_POOL;
    this.readTx = new ReadTx(this);
  }

  /**
   * The driver connection, for adapter code in db/ that runs synchronously (migrations, DDL with
   * writable_schema, online backups). Never used outside db/.
   */
  get connection(): DB {
    return this.writer;
  }

  /** The connection a read outside any transaction runs on now. */
  readConnection(): DB {
    if (!this.queue.busy) return this.writer;
    if (!this.reader) this.reader = openDatabase(this.file, { readonly: true });
    return this.reader;
  }

  async all<T = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return (await this.pool.all(this.readConnection(), sql, params)) as T[];
  }

  async get<T = Row>(sql: string, params: readonly unknown[] = []): Promise<T | undefined> {
    return (await this.pool.get(this.readConnection(), sql, params)) as T | undefined;
  }

  run(sql: string, params: readonly unknown[] = []): Promise<RunResult> {
    return this.transaction((tx) => tx.run(sql, params));
  }

  exec(sql: string): Promise<void> {
    return this.transaction((tx) => tx.exec(sql));
  }

  read<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return fn(this.readTx);
  }

  async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    if (nesting?.getStore() === this) throw new Error("db.transaction() called inside a transaction of the same database: pass its Tx down instead");
    if (this.closed) throw new Error("the database is closed");
    const release = await this.queue.acquire();
    const tx = new WriteTx(this, this.writer);
    let result: T;
    try {
      this.writer.exec("BEGIN IMMEDIATE");
      try {
        result = await (nesting ? nesting.run(this, () => fn(tx)) : fn(tx));
        tx.end();
        this.writer.exec("COMMIT");
      } catch (err) {
        tx.end();
        if (this.writer.inTransaction) this.writer.exec("ROLLBACK");
        throw err;
      }
    } finally {
      release();
    }
    tx.committed();
    return result;
  }

  /**
   * fn on the writer connection while no transaction runs and none can start (VACUUM, which
   * refuses to run inside one).
   */
  async exclusive<T>(fn: (conn: DB) => T): Promise<T> {
    const release = await this.queue.acquire();
    try {
      return fn(this.writer);
    } finally {
      release();
    }
  }

  async changeVersion(): Promise<number> {
    return (cachedStatement(this.writer, "PRAGMA data_version").get() as { data_version: number }).data_version;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Wait for the transaction in progress (and any queued before close).
    const release = await this.queue.acquire();
    try {
      this.reader?.close();
      this.writer.close();
    } finally {
      release();
    }
  }
}

/** The statements of a `db.read()`: each runs on its own, on committed data. */
class ReadTx implements Tx {
  readonly inTransaction = false;
  constructor(readonly db: SqliteDb) {}
  all<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]> {
    return this.db.all<T>(sql, params);
  }
  get<T = Row>(sql: string, params?: readonly unknown[]): Promise<T | undefined> {
    return this.db.get<T>(sql, params);
  }
  async run(): Promise<RunResult> {
    throw new Error("a read cannot write: use db.transaction()");
  }
  async exec(): Promise<void> {
    throw new Error("a read cannot write: use db.transaction()");
  }
  afterCommit(fn: () => void): void {
    fn();
  }
  savepoint<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return fn(this);
  }
}

let savepoints = 0;

/** The statements of one transaction on the writer connection. */
class WriteTx implements Tx {
  readonly inTransaction = true;
  private open = true;
  private hooks: (() => void)[] = [];

  constructor(
    readonly db: SqliteDb,
    private readonly conn: DB,
  ) {}

  /** The driver connection, while the transaction is open (adapter code in db/ only). */
  get connection(): DB {
    if (!this.open) throw ended();
    return this.conn;
  }

  async all<T = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return cachedStatement(this.connection, sql).all(...params) as T[];
  }

  async get<T = Row>(sql: string, params: readonly unknown[] = []): Promise<T | undefined> {
    return cachedStatement(this.connection, sql).get(...params) as T | undefined;
  }

  async run(sql: string, params: readonly unknown[] = []): Promise<RunResult> {
    return { changes: cachedStatement(this.connection, sql).run(...params).changes };
  }

  async exec(sql: string): Promise<void> {
    this.connection.exec(sql);
  }

  afterCommit(fn: () => void): void {
    if (!this.open) throw ended();
    this.hooks.push(fn);
  }

  async savepoint<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const name = `sp${++savepoints}`;
    this.connection.exec(`SAVEPOINT ${name}`);
    const hooksBefore = this.hooks.length;
    try {
      const result = await fn(this);
      this.connection.exec(`RELEASE ${name}`);
      return result;
    } catch (err) {
      if (this.open && this.conn.inTransaction) this.conn.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
      this.hooks.length = hooksBefore;
      throw err;
    }
  }

  end(): void {
    this.open = false;
  }

  committed(): void {
    for (const fn of this.hooks) {
      try {
        fn();
      } catch (err) {
        // A listener's failure must not turn a committed write into an error answer.
        process.stderr.write(`after-commit hook failed: ${(err as Error)?.stack ?? err}\n`);
      }
    }
    this.hooks = [];
  }
}

/**
 * The driver connection statements of `q` run on, for adapter code in db/ that runs
 * synchronously: a transaction's own connection, or for reads the one that sees committed data.
 */
export function sqliteConnection(q: Queryable): DB {
  if (q instanceof WriteTx) return q.connection;
  if (q instanceof SqliteDb || q instanceof ReadTx) return (q.db as SqliteDb).readConnection();
  throw new Error("not an SQLite database");
}
