import { availableParallelism } from "node:os";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

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
interface Pending {
  job: Job;
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
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
    parentPort.postMessage({ error: String((err && err.message) || err) });
  }
});`;

const BCRYPT_PATH = createRequire(import.meta.url).resolve("bcrypt");

export class PasswordPool {
  readonly size: number;
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly queue: Pending[] = [];
  private workers = 0;

  constructor(opts: PasswordPoolOptions = {}) {
    this.size = Math.max(1, opts.size ?? Math.max(2, Math.min(4, availableParallelism() - 1)));
  }

  hash(password: string, cost: number): Promise<string> {
    return this.run({ op: "hash", password, cost }) as Promise<string>;
  }

  compare(password: string, hash: string): Promise<boolean> {
    return this.run({ op: "compare", password, hash }) as Promise<boolean>;
  }

  /** Jobs waiting for a free worker (for tests and diagnostics). */
  get queued(): number {
    return this.queue.length;
  }

  private run(job: Job): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length) {
      const worker = this.idle.pop() ?? (this.workers < this.size ? this.spawn() : undefined);
      if (!worker) return;
      const next = this.queue.shift()!;
      this.busy.set(worker, next);
      worker.ref();
      worker.postMessage(next.job);
    }
  }

  private spawn(): Worker {
    this.workers++;
    const worker = new Worker(WORKER_CODE, { eval: true, workerData: { bcrypt: BCRYPT_PATH } });
    worker.on("message", (msg: { result?: unknown; error?: string }) => {
      const pending = this.busy.get(worker);
      this.busy.delete(worker);
      // An idle worker must not keep the process alive.
      worker.unref();
      this.idle.push(worker);
      if (pending) {
        if (msg.error !== undefined) pending.reject(new Error(msg.error));
        else pending.resolve(msg.result);
      }
      this.dispatch();
    });
    const lost = (err: Error) => {
      const pending = this.busy.get(worker);
      this.busy.delete(worker);
      const i = this.idle.indexOf(worker);
      if (i >= 0) this.idle.splice(i, 1);
      this.workers--;
      pending?.reject(err);
      this.dispatch();
    };
    worker.on("error", lost);
    worker.on("exit", (code) => {
      if (this.busy.has(worker) || this.idle.includes(worker)) lost(new Error(`password worker exited with code ${code}`));
    });
    return worker;
  }
}

let shared: PasswordPool | undefined;

/** The process-wide pool (workers start on first use). */
export const passwordPool = (): PasswordPool => (shared ??= new PasswordPool());
