import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import pg from "pg";
import type { Db, Dialect, Queryable, Row, RunResult, Tx } from "../types.js";
import { WriterQueue } from "../sqlite/writerQueue.js";
import { readChangeVersion } from "./changeVersion.js";
import { postgresDialect } from "./dialect.js";
import { isPgError, SQLSTATE } from "./errors.js";
import { numberPlaceholders } from "./placeholders.js";

/**
 * Advisory lock keys (the two-int form, first int 'CAIR') under which a Db's write transactions
 * take turns across nodes; other users of advisory locks (the cluster's leader lease) pick other
 * second ints.
 */
export const LOCK_NAMESPACE = 0x43414952;
export const WRITER_LOCKS = { data: 1, logs: 2 } as const;

export interface PgDbOptions {
  /** Second key of the advisory lock serializing this Db's writers (distinct per Db over one database). */
  writerLock?: number;
  /** Runs once when the Db closes (the owner of a shared pool ends it when its last Db closes). */
  onClose?: () => Promise<void>;
}

export interface PgPoolOptions {
  /** Connections (default 10). */
  size?: number;
}

/** int8 (COUNT, BIGSERIAL) and numeric come back as numbers, JSON as its text: rows read like SQLite's. */
const TYPES = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (format !== "binary") {
      if (oid === 20 || oid === 1700) return (v: string) => Number(v);
      if (oid === 114 || oid === 3802) return (v: string) => v;
    }
    return pg.types.getTypeParser(oid, format);
  },
} as unknown as pg.CustomTypesConfig;

/** A connection pool for a PostgreSQL URL, with the adapter's type parsers. */
export function createPgPool(url: string, opts: PgPoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.size ?? 10,
    types: TYPES,
    // Recycling connections bounds the statements each one keeps prepared.
    maxUses: 50_000,
    application_name: "cairn",
    // An unreachable server (or a pool exhausted that long) is an error, not a hang.
    connectionTimeoutMillis: 15_000,
    keepAlive: true,
  });
  // An idle connection the server dropped must not take the process down; the next checkout opens a new one.
  pool.on("error", (err) => process.stderr.write(`postgres: idle connection lost: ${err.message}\n`));
  return pool;
}

/** Catches a transaction nested in one of the same Db (it would wait on itself). Tests only, as SQLite's. */
const nesting = process.env.VITEST || process.env.CAIRN_CHECK_NESTED_TX ? new AsyncLocalStorage<PgDb>() : null;

const ended = () => new Error("the transaction has ended: its Tx was used after its function returned");

interface Prepared {
  text: string;
  /** Hash of the text; the statement's name is the Db's generation plus it. */
  hash: string;
}

/**
 * The PostgreSQL adapter (node-postgres). Reads outside a transaction take any pool connection
 * and see committed data. Write transactions take turns, as on SQLite: in this process through a
 * queue (so waiting writers hold no connection the writer may need for its reads), and across
 * nodes through an advisory lock taken with BEGIN. The services were written for one writer at a
 * time (read, check, write in one transaction), which READ COMMITTED alone would not give them.
 *
 * Statements are prepared once per connection (named by their text's hash). A statement whose
 * result columns changed under it (a table's DDL) fails with "cached plan must not change result
 * type": the names start over after this Db runs DDL, when `changeVersion()` sees another node's
 * collection change, and on that error (a read outside a transaction is retried once).
 */
export class PgDb implements Db {
  readonly dialect: Dialect = postgresDialect;
  readonly db: Db = this;
  readonly inTransaction = false;
  private readonly queue = new WriterQueue();
  private readonly readTx: Tx;
  private readonly beginSql: string;
  private readonly prepared = new Map<string, Prepared>();
  private generation = 0;
  private lastVersion: number | null = null;
  private closed = false;

  constructor(
    readonly pool: pg.Pool,
    private readonly opts: PgDbOptions = {},
  ) {
    this.readTx = new ReadTx(this);
    this.beginSql = `BEGIN; SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${opts.writerLock ?? WRITER_LOCKS.data})`;
  }

  /** The statement config for `sql` with `params`: `?` numbered, named for preparing. */
  statement(sql: string, params: readonly unknown[]): pg.QueryConfig {
    let p = this.prepared.get(sql);
    if (!p) {
      if (this.prepared.size >= 4096) this.prepared.clear();
      p = { text: numberPlaceholders(sql), hash: createHash("sha1").update(sql).digest("base64url").slice(0, 20) };
      this.prepared.set(sql, p);
    }
    return { name: `c${this.generation}_${p.hash}`, text: p.text, values: params as unknown[] };
  }

  /** Prepared statements are made again from now on (their tables may have changed). */
  forgetPrepared(): void {
    this.generation++;
  }

  /** Runs a statement on a connection, noting DDL and stale prepared statements. */
  async query(client: pg.Pool | pg.PoolClient, sql: string, params: readonly unknown[] = []): Promise<pg.QueryResult> {
    try {
      return await client.query(this.statement(sql, params));
    } catch (err) {
      if (isStalePlan(err)) this.forgetPrepared();
      throw err;
    }
  }

  private async readQuery(sql: string, params: readonly unknown[]): Promise<pg.QueryResult> {
    try {
      return await this.query(this.pool, sql, params);
    } catch (err) {
      if (!isStalePlan(err)) throw err;
      return this.query(this.pool, sql, params);
    }
  }

  async all<T = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return (await this.readQuery(sql, params)).rows as T[];
  }

  async get<T = Row>(sql: string, params: readonly unknown[] = []): Promise<T | undefined> {
    return (await this.readQuery(sql, params)).rows[0] as T | undefined;
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
    let client: pg.PoolClient | undefined;
    let broken: Error | undefined;
    let tx: PgTx | undefined;
    let result: T;
    try {
      client = await this.pool.connect();
      await client.query(this.beginSql);
      tx = new PgTx(this, client);
      try {
        result = await (nesting ? nesting.run(this, () => fn(tx!)) : fn(tx));
        tx.end();
        await client.query("COMMIT");
      } catch (err) {
        tx.end();
        await client.query("ROLLBACK").catch((e: Error) => (broken = e));
        throw err;
      }
    } catch (err) {
      // A connection that failed outside SQL (network, protocol) is not given back to the pool.
      if (!isPgError(err) && !broken && client) broken = err instanceof Error ? err : new Error(String(err));
      throw err;
    } finally {
      client?.release(broken);
      release();
    }
    tx.committed();
    return result;
  }

  async changeVersion(): Promise<number> {
    const version = await readChangeVersion(this);
    // Another node's collection change may have altered tables under this node's prepared statements.
    if (this.lastVersion !== null && version !== this.lastVersion) this.forgetPrepared();
    this.lastVersion = version;
    return version;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Waits for the transaction in progress and any queued before close.
    const release = await this.queue.acquire();
    release();
    if (this.opts.onClose) await this.opts.onClose();
    else await this.pool.end();
  }
}

const isStalePlan = (err: unknown) => isPgError(err) && err.code === SQLSTATE.featureNotSupported && /cached plan must not change result type/.test(err.message);

/** The statements of a `db.read()`: each on its own, on committed data. */
class ReadTx implements Tx {
  readonly inTransaction = false;
  constructor(readonly db: PgDb) {}
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

/**
 * The statements of one transaction on its connection. A statement PostgreSQL refuses aborts
 * the whole transaction (unlike SQLite): code that goes on after a refused statement runs it in
 * `savepoint()`.
 */
class PgTx implements Tx {
  readonly inTransaction = true;
  private open = true;
  private hooks: (() => void)[] = [];

  constructor(
    readonly db: PgDb,
    private readonly conn: pg.PoolClient,
  ) {}

  /** The driver connection, while the transaction is open (adapter code in db/ only: COPY, cursors). */
  get connection(): pg.PoolClient {
    if (!this.open) throw ended();
    return this.conn;
  }

  async all<T = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return (await this.db.query(this.connection, sql, params)).rows as T[];
  }

  async get<T = Row>(sql: string, params: readonly unknown[] = []): Promise<T | undefined> {
    return (await this.db.query(this.connection, sql, params)).rows[0] as T | undefined;
  }

  async run(sql: string, params: readonly unknown[] = []): Promise<RunResult> {
    const res = await this.db.query(this.connection, sql, params);
    if (isDdl(sql)) this.db.forgetPrepared();
    return { changes: res.rowCount ?? 0 };
  }

  async exec(sql: string): Promise<void> {
    // The simple protocol: several statements, no parameters, nothing prepared.
    await this.connection.query(sql);
    this.db.forgetPrepared();
  }

  afterCommit(fn: () => void): void {
    if (!this.open) throw ended();
    this.hooks.push(fn);
  }

  async savepoint<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const name = `sp${++savepoints}`;
    await this.connection.query(`SAVEPOINT ${name}`);
    const hooksBefore = this.hooks.length;
    try {
      const result = await fn(this);
      await this.connection.query(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (err) {
      if (this.open) await this.conn.query(`ROLLBACK TO SAVEPOINT ${name}; RELEASE SAVEPOINT ${name}`);
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

const isDdl = (sql: string) => /^\s*(CREATE|ALTER|DROP|TRUNCATE)\b/i.test(sql);

/** The driver connection of a PostgreSQL transaction (adapter code in db/ only); null for anything else. */
export function pgConnection(q: Queryable): pg.PoolClient | null {
  return q instanceof PgTx ? q.connection : null;
}
