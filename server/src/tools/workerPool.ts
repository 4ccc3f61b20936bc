import { Worker } from "node:worker_threads";

/**
 * A bounded pool of worker threads running one kind of job (password hashing, SQLite reads).
 * At most `size` jobs run at once, each on its own thread; the rest wait in a queue of at most
 * `maxQueue`. Workers start on first use (or `warm`) and an idle one does not keep the process alive.
 *
 * The worker's code answers every message with `{ result }` or `{ error: { name, message, code } }`.
 */
export interface WorkerPoolOptions {
  /** What the pool is for, in error messages ("password", "read"). */
  name: string;
  /** The worker's source: plain CommonJS (evaluated), so the same code runs from src/ and dist/. */
  code: string;
  /** Passed to every worker as `workerData`. */
  workerData?: unknown;
  /** Worker threads, at least 1. */
  size: number;
  /** Jobs that may wait for a worker; beyond that `run` refuses with PoolFullError. Default: no bound. */
  maxQueue?: number;
  /** Turns a worker's error back into an error value (default: a plain Error with its message). */
  reviveError?: (e: WorkerError) => Error;
}

/** An error as a worker reports it (errors themselves do not cross threads with their class). */
export interface WorkerError {
  name: string;
  message: string;
  code?: string;
}

/** `run` was called while `maxQueue` jobs were already waiting. */
export class PoolFullError extends Error {}
/** The pool was closed before the job ran (or while it ran). */
export class PoolClosedError extends Error {}

interface Pending {
  job: unknown;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
}

export class WorkerPool<Job, Result> {
  readonly size: number;
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly queue: Pending[] = [];
  private readonly all = new Set<Worker>();
  private closed = false;

  constructor(private readonly opts: WorkerPoolOptions) {
    this.size = Math.max(1, opts.size);
  }

  /** Jobs waiting for a free worker. */
  get queued(): number {
    return this.queue.length;
  }

  /** True when `run` would refuse (queue at its bound) or the pool is closed. */
  get full(): boolean {
    return this.closed || (this.opts.maxQueue !== undefined && this.queue.length >= this.opts.maxQueue && this.idle.length === 0 && this.all.size >= this.size);
  }

  run(job: Job): Promise<Result> {
    if (this.closed) return Promise.reject(new PoolClosedError(`the ${this.opts.name} pool is closed`));
    if (this.full) return Promise.reject(new PoolFullError(`the ${this.opts.name} pool's queue is full`));
    return new Promise<unknown>((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    }) as Promise<Result>;
  }

  /** Threads started (busy or idle). */
  get started(): number {
    return this.all.size;
  }

  /**
   * Starts up to `count` workers ahead of their first job (at most `size`), so that job does
   * not wait for a thread to boot and load its modules (~70–150 ms for bcrypt or SQLite).
   */
  warm(count: number = this.size): void {
    while (!this.closed && this.all.size < Math.min(count, this.size)) {
      const worker = this.spawn();
      worker.unref();
      this.idle.push(worker);
    }
  }

  /** Stops every worker; queued and running jobs reject with PoolClosedError. Safe to call twice. */
  async close(): Promise<void> {
    this.closed = true;
    const gone = new PoolClosedError(`the ${this.opts.name} pool is closed`);
    for (const p of this.queue.splice(0)) p.reject(gone);
    for (const p of this.busy.values()) p.reject(gone);
    this.busy.clear();
    this.idle.length = 0;
    const workers = [...this.all];
    this.all.clear();
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length) {
      const worker = this.idle.pop() ?? (this.all.size < this.size ? this.spawn() : undefined);
      if (!worker) return;
      const next = this.queue.shift()!;
      this.busy.set(worker, next);
      worker.ref();
      worker.postMessage(next.job);
    }
  }

  private spawn(): Worker {
    const worker = new Worker(this.opts.code, { eval: true, workerData: this.opts.workerData });
    this.all.add(worker);
    worker.on("message", (msg: { result?: unknown; error?: WorkerError }) => {
      const pending = this.busy.get(worker);
      this.busy.delete(worker);
      if (this.closed) return;
      // An idle worker must not keep the process alive.
      worker.unref();
      this.idle.push(worker);
      if (pending) {
        if (msg.error !== undefined) pending.reject(this.opts.reviveError?.(msg.error) ?? new Error(msg.error.message));
        else pending.resolve(msg.result);
      }
      this.dispatch();
    });
    const lost = (err: Error) => {
      if (!this.all.delete(worker)) return;
      const pending = this.busy.get(worker);
      this.busy.delete(worker);
      const i = this.idle.indexOf(worker);
      if (i >= 0) this.idle.splice(i, 1);
      pending?.reject(err);
      this.dispatch();
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`${this.opts.name} worker exited with code ${code}`)));
    return worker;
  }
}
