import { availableParallelism } from "node:os";
import Database from "better-sqlite3";
import { cachedStatement, type DB } from "./connection.js";
import { READ_WORKER_CODE, READ_WORKER_DATA, type ReadAnswer, type ReadJob } from "./readWorker.js";
import { WorkerPool, type WorkerError } from "../tools/workerPool.js";

export interface ReadPoolOptions {
  /** Worker threads, each with its own read-only connections; 0 runs every read on the caller's connection. Default: min(2, cores). */
  size?: number;
  /** Reads that may wait for a worker; past it they run on the caller's connection. Default 64. */
  maxQueue?: number;
  /** A statement whose recent median time reaches this goes to a worker. Default 0.5 ms; 0 sends every read (tests). */
  slowMs?: number;
}

/** The default number of read workers. */
export const defaultReadWorkers = (): number => Math.min(2, availableParallelism());

/** Recent run times kept per statement text; the median of these decides where it runs. */
const SAMPLES = 5;
/** Statements whose timings are remembered (least recently used go first). */
const TIMED_STATEMENTS = 512;

/**
 * Heavy reads on worker threads, so cheap requests stay fast while a scan runs. A read goes
 * to a worker only when its SQL has recently been slow (a round trip to a thread costs about
 * 0.1 ms, more than most indexed reads); everything else runs synchronously on the caller's
 * connection, as it would without the pool. Writes never come here.
 *
 * Consistency: a worker's statement sees everything committed when it starts, and writes are
 * committed synchronously before their response, so a read after one's own write sees it.
 * A read on a connection inside a transaction stays on that connection (it must see the
 * transaction's own uncommitted changes).
 */
export class ReadPool {
  readonly size: number;
  /** Where reads ran (for tests and diagnostics). */
  readonly counts = { main: 0, workers: 0 };
  private readonly pool: WorkerPool<ReadJob, ReadAnswer> | null;
  private readonly slowMs: number;
  private readonly timings = new Map<string, { samples: number[]; slow: boolean }>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private closed = false;

  constructor(opts: ReadPoolOptions = {}) {
    this.size = Math.max(0, Math.floor(opts.size ?? defaultReadWorkers()));
    this.slowMs = opts.slowMs ?? 0.5;
    this.pool =
      this.size === 0
        ? null
        : new WorkerPool({ name: "read", code: READ_WORKER_CODE, workerData: READ_WORKER_DATA, size: this.size, maxQueue: opts.maxQueue ?? 64, reviveError });
  }

  /** Every row of a SELECT on `db` (or on a worker's connection to the same file). */
  all(db: DB, sql: string, params: readonly unknown[]): Promise<Record<string, unknown>[]> {
    return this.read(db, sql, params, "all") as Promise<Record<string, unknown>[]>;
  }

  /** The first row of a SELECT, or undefined. */
  get(db: DB, sql: string, params: readonly unknown[]): Promise<Record<string, unknown> | undefined> {
    return this.read(db, sql, params, "get") as Promise<Record<string, unknown> | undefined>;
  }

  /** Starts the workers now, so the first heavy read does not wait for threads to open SQLite. */
  warm(): void {
    if (!this.closed) this.pool?.warm();
  }

  /** Worker threads started. */
  get started(): number {
    return this.pool?.started ?? 0;
  }

  /** Waits for the reads in progress, then stops the workers; later reads run on the caller's connection. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.allSettled([...this.inFlight]);
    await this.pool?.close();
  }

  private async read(db: DB, sql: string, params: readonly unknown[], mode: ReadJob["mode"]): Promise<unknown> {
    if (!this.pool || this.closed || db.inTransaction || db.memory || !this.isSlow(sql) || this.pool.full) {
      this.counts.main++;
      const started = performance.now();
      const stmt = cachedStatement(db, sql);
      const rows = mode === "get" ? stmt.get(...params) : stmt.all(...params);
      this.time(sql, performance.now() - started);
      return rows;
    }
    this.counts.workers++;
    const job = this.pool.run({ file: db.name, sql, params: [...params], mode });
    this.inFlight.add(job);
    try {
      const answer = await job;
      this.time(sql, answer.ms);
      return reviveRows(answer.rows);
    } finally {
      this.inFlight.delete(job);
    }
  }

  private isSlow(sql: string): boolean {
    if (this.slowMs <= 0) return true;
    return this.timings.get(sql)?.slow ?? false;
  }

  private time(sql: string, ms: number): void {
    if (!this.pool) return;
    let t = this.timings.get(sql);
    if (t) this.timings.delete(sql); // re-insert to mark as most recently used
    else {
      t = { samples: [], slow: false };
      if (this.timings.size >= TIMED_STATEMENTS) this.timings.delete(this.timings.keys().next().value!);
    }
    t.samples.push(ms);
    if (t.samples.length > SAMPLES) t.samples.shift();
    // The median, worked out once per run rather than on every routing decision (every read asks).
    const sorted = [...t.samples].sort((a, b) => a - b);
    t.slow = sorted[sorted.length >> 1] >= this.slowMs;
    this.timings.set(sql, t);
  }
}

/** A worker's error as the main connection would have thrown it (SqliteError with its code, RangeError, ...). */
function reviveError(e: WorkerError): Error {
  if (e.name === "SqliteError") return new Database.SqliteError(e.message, e.code ?? "SQLITE_ERROR");
  const Kind = e.name === "RangeError" ? RangeError : e.name === "TypeError" ? TypeError : Error;
  return new Kind(e.message);
}

/** Blobs cross threads as Uint8Array; the main connection answers Buffers. */
function reviveRows(rows: unknown): unknown {
  const revive = (row: unknown) => {
    if (!row || typeof row !== "object") return;
    const r = row as Record<string, unknown>;
    for (const k in r) {
      const v = r[k];
      if (v instanceof Uint8Array && !Buffer.isBuffer(v)) r[k] = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
    }
  };
  if (Array.isArray(rows)) rows.forEach(revive);
  else revive(rows);
  return rows;
}

/** Runs every read on the caller's connection (services made without an app, tests). */
export const NO_READ_POOL = new ReadPool({ size: 0 });
