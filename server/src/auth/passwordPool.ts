import { availableParallelism } from "node:os";
import { createRequire } from "node:module";
import { WorkerPool } from "../tools/workerPool.js";

/**
 * bcrypt on its own bounded pool of worker threads. bcrypt's async API runs on libuv's
 * 4-thread pool, which file reads share: 40 sign-ins at cost 12 kept it busy and a small
 * file took seconds to download. Here at most `size` hashes run at once, each on its own
 * thread; the rest queue, and libuv's pool stays free for files.
 */
export interface PasswordPoolOptions {
  /** Worker threads (default: one less than the cores, between 2 and 4). */
  size?: number;
}

type Job = { op: "hash"; password: string; cost: number } | { op: "compare"; password: string; hash: string };

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

  constructor(opts: PasswordPoolOptions = {}) {
    this.size = Math.max(1, opts.size ?? Math.max(2, Math.min(4, availableParallelism() - 1)));
    this.pool = new WorkerPool({ name: "password", code: WORKER_CODE, workerData: { bcrypt: BCRYPT_PATH }, size: this.size });
  }

  hash(password: string, cost: number): Promise<string> {
    return this.pool.run({ op: "hash", password, cost }) as Promise<string>;
  }

  compare(password: string, hash: string): Promise<boolean> {
    return this.pool.run({ op: "compare", password, hash }) as Promise<boolean>;
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
    return this.pool.queued;
  }
}

let shared: PasswordPool | undefined;

/** The process-wide pool (workers start on first use). */
export const passwordPool = (): PasswordPool => (shared ??= new PasswordPool());
