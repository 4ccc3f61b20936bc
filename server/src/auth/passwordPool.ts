import { availableParallelism } from "node:os";
import { createRequire } from "node:module";
import { WorkerPool } from "../tools/workerPool.js";

/**
 * bcrypt on its own bounded pool of worker threads. bcrypt's async API runs on libuv's
 * 4-thread pool, which file reads share: 40 sign-ins at cost 12 kept it busy and a small
 * file took seconds to download. Here at most `size` hashes run at once, each on its own
 * thread; the rest queue, and libuv's pool stays free for files.
 *
 * Waiting jobs are served by lane, in turn: a job without a lane is a lane of its own (one
 * request's sign-in), and a batch puts all its hashes on one lane, so its fifty sign-ups take
 * their turns among other requests' jobs instead of queueing ahead of all of them.
 */
export interface PasswordPoolOptions {
  /** Worker threads (default: one less than the cores, between 2 and 4). */
  size?: number;
}

type Job = { op: "hash"; password: string; cost: number } | { op: "compare"; password: string; hash: string };

/** Jobs that share one turn (any object: a batch makes one for its hashes). */
export type PasswordLane = object;

interface Waiting {
  job: Job;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

// Plain CommonJS so the same code runs from src/ (tsx, vitest) and dist/.
const WORKER_CODE = `
const { parentPort, workerData } = require("node:worker_threads");
const bcrypt = require(workerData.bcrypt);
parentPort.on("message", (job) => {
  try {
    const result = job.op === "hash" ? bcrypt.hashSync(job.password, job.cost) : bcrypt.compareSync(job.password, job.hash);
    parentPort.postMessage({ result });
  } catch (err) {
    parentPort.postMessage({ error: { name: "Error", message: String((err && err.message) || err) } });
  }
});`;

const BCRYPT_PATH = createRequire(import.meta.url).resolve("bcrypt");

export class PasswordPool {
  readonly size: number;
  private readonly pool: WorkerPool<Job, unknown>;
  /** Waiting jobs by lane, and the lanes with jobs waiting in the order they get their turns. */
  private readonly lanes = new Map<PasswordLane, Waiting[]>();
  private readonly turns: PasswordLane[] = [];
  private waiting = 0;
  private running = 0;

  constructor(opts: PasswordPoolOptions = {}) {
    this.size = Math.max(1, opts.size ?? Math.max(2, Math.min(4, availableParallelism() - 1)));
    this.pool = new WorkerPool({ name: "password", code: WORKER_CODE, workerData: { bcrypt: BCRYPT_PATH }, size: this.size });
  }

  hash(password: string, cost: number, lane?: PasswordLane): Promise<string> {
    return this.submit({ op: "hash", password, cost }, lane) as Promise<string>;
  }

  compare(password: string, hash: string, lane?: PasswordLane): Promise<boolean> {
    return this.submit({ op: "compare", password, hash }, lane) as Promise<boolean>;
  }

  private submit(job: Job, lane: PasswordLane = {}): Promise<unknown> {
    return new Promise((resolve, reject) => {
      let queue = this.lanes.get(lane);
      if (!queue) {
        queue = [];
        this.lanes.set(lane, queue);
        this.turns.push(lane);
      }
      queue.push({ job, resolve, reject });
      this.waiting++;
      this.dispatch();
    });
  }

  /** Hands the workers at most `size` jobs, one per lane in turn (the worker pool's own queue stays empty). */
  private dispatch(): void {
    while (this.running < this.size && this.turns.length) {
      const lane = this.turns.shift()!;
      const queue = this.lanes.get(lane)!;
      const next = queue.shift()!;
      if (queue.length) this.turns.push(lane);
      else this.lanes.delete(lane);
      this.waiting--;
      this.running++;
      this.pool.run(next.job).then(next.resolve, next.reject).finally(() => {
        this.running--;
        this.dispatch();
      });
    }
  }

  /** Starts one worker now, so the first sign-in after start does not wait for a thread to load bcrypt. */
  warm(): void {
    this.pool.warm(1);
  }

  /** Worker threads started. */
  get started(): number {
    return this.pool.started;
  }

  /** Jobs waiting for a free worker (for tests and diagnostics). */
  get queued(): number {
    return this.waiting;
  }

  /** Jobs running or waiting. */
  get busy(): number {
    return this.running + this.waiting;
  }
}

let shared: PasswordPool | undefined;

/** The process-wide pool (workers start on first use). */
export const passwordPool = (): PasswordPool => (shared ??= new PasswordPool());
