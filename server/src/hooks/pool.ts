import { MessageChannel, Worker } from "node:worker_threads";
import { answerCalls, type HostHandler } from "../migrations/bridge.js";
import { HookStop } from "../records/writeHooks.js";
import { VM_GLOBALS_SOURCE } from "../migrations/vmGlobals.js";
import { HOOK_GLOBALS_SOURCE } from "./vmHookGlobals.js";
import { HOOK_WORKER_CODE } from "./hookWorker.js";

/** A hook file's text and the name its errors and stack traces show. */
export interface HookFile {
  filename: string;
  source: string;
}

/** Where a registration lives: the file (its index in the list) and its place among that file's kind. */
export interface Registration {
  file: number;
  index: number;
}
export interface RouteRegistration extends Registration {
  method: string;
  path: string;
  /** `$apis.staticDirectoryHandler(dir, indexFallback)`: files served at the path's `*`. */
  staticDir?: { dir: string; indexFallback: boolean };
}
export interface EventRegistration extends Registration {
  name: string;
  tags: string[];
}
export interface CronRegistration extends Registration {
  id: string;
  expr: string;
}

/** What the hook files registered, and those that failed to load (with file:line). */
export interface HookRegistry {
  routes: RouteRegistration[];
  events: EventRegistration[];
  crons: CronRegistration[];
  removedCrons: string[];
  /** The files with `routerUse`/`routerPre` middlewares. */
  middlewares: number[];
  errors: { file: string; message: string }[];
}

export interface HookTask extends Registration {
  kind: "route" | "event" | "cron" | "use";
  /** JSON text handed to the registration. */
  payload: string;
  /** What the time limit's log line names (e.g. "GET /hello" or "onRecordBeforeCreateRequest"). */
  label: string;
}

export interface HookPoolOptions {
  files: HookFile[];
  hooksDir: string;
  /** Threads running hooks at once (each has every file loaded). */
  size: number;
  /** How long one hook may run (database calls included) before its thread is stopped. */
  timeoutMs: number;
  log: (line: string) => void;
}

/** A hook ran over the time limit; its thread was stopped (the request answers the generic 500). */
export class HookTimeout extends HookStop {}

interface Slot {
  worker: Worker;
  /** The running task's answers to the hook's calls; null between tasks. */
  handle: HostHandler | null;
  busy: boolean;
  /** Started for a task that holds the write transaction while every thread was busy; ends once idle. */
  spare: boolean;
  ready: Promise<HookRegistry>;
  pending: Map<number, { resolve: (text: string) => void; reject: (err: Error) => void }>;
}

/**
 * Threads running the hook files. PocketBase's engine is synchronous, and so are hooks written for
 * it (`$app.dao().saveRecord(r)` returns when saved): each thread runs one hook at a time, blocking
 * on its server calls as a migration does, while the main thread keeps serving. A hook over the
 * time limit (a loop that never ends) has its thread stopped and replaced: the caller gets a
 * `HookTimeout`, the server carries on.
 */
export class HookPool {
  private slots: Slot[] = [];
  private queue: { task: HookTask; handle: HostHandler; urgent: boolean; resolve: (text: string) => void; reject: (err: Error) => void }[] = [];
  private seq = 0;
  private closed = false;

  constructor(private readonly opts: HookPoolOptions) {}

  /** Starts the threads; resolves with what the files registered (the same on every thread). */
  async start(): Promise<HookRegistry> {
    for (let i = 0; i < Math.max(1, this.opts.size); i++) this.slots.push(this.spawn());
    return this.slots[0]!.ready;
  }

  /**
   * Runs one registration; resolves with its JSON answer. `urgent`: the task holds the write
   * transaction (a before hook). It goes first, and when every thread is busy a spare one starts
   * for it: the busy ones may be waiting for that very transaction (a route's `$app.dao()` write).
   */
  run(task: HookTask, handle: HostHandler, urgent = false): Promise<string> {
    if (this.closed) return Promise.reject(new Error("the hooks are closed"));
    return new Promise((resolve, reject) => {
      const job = { task, handle, urgent, resolve, reject };
      if (urgent) this.queue.splice(this.queue.filter((q) => q.urgent).length, 0, job);
      else this.queue.push(job);
      if (urgent && !this.slots.some((s) => !s.busy || s.spare)) this.slots.push(this.spawn(true));
      this.next();
    });
  }

  /** Stops the threads; `drain`: once what is queued and running has finished (at most the time limit). */
  async close(opts: { drain?: boolean } = {}): Promise<void> {
    const until = Date.now() + this.opts.timeoutMs;
    while (opts.drain && (this.queue.length || this.slots.some((s) => s.handle)) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    this.closed = true;
    for (const q of this.queue.splice(0)) q.reject(new Error("the hooks are closed"));
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
    this.slots = [];
  }

  private spawn(spare = false): Slot {
    const { port1, port2 } = new MessageChannel();
    const signal = new SharedArrayBuffer(4);
    const worker = new Worker(HOOK_WORKER_CODE, {
      eval: true,
      workerData: { port: port2, signal, files: this.opts.files, globals: VM_GLOBALS_SOURCE, hookGlobals: HOOK_GLOBALS_SOURCE, hooksDir: this.opts.hooksDir },
      transferList: [port2],
    });
    worker.unref();
    port1.unref();
    let markReady: (r: HookRegistry) => void = () => undefined;
    const slot: Slot = { worker, handle: null, busy: true, spare, ready: new Promise((r) => (markReady = r)), pending: new Map() };
    answerCalls(port1, new Int32Array(signal), (op, args) => (slot.handle ? slot.handle(op, args) : Promise.reject(new Error("no hook is running"))));
    worker.on("message", (m: { ready?: HookRegistry; seq?: number; result?: string }) => {
      if (m.ready) {
        slot.busy = false;
        markReady(m.ready);
        this.next();
        this.retireIdleSpare(slot);
        return;
      }
      const p = slot.pending.get(m.seq!);
      slot.pending.delete(m.seq!);
      p?.resolve(m.result!);
    });
    worker.on("error", (err) => this.opts.log(`pb_hooks: a hooks thread failed: ${err.message}`));
    worker.on("exit", () => {
      port1.close();
      for (const p of slot.pending.values()) p.reject(new HookStop("the hooks thread ended"));
      slot.pending.clear();
      // A thread that ends other than by close() (stopped over the limit, crashed) is replaced.
      const i = this.slots.indexOf(slot);
      if (i >= 0 && !this.closed) this.slots[i] = this.spawn(slot.spare);
    });
    return slot;
  }

  /** A spare thread with nothing left to run ends. */
  private retireIdleSpare(slot: Slot): void {
    if (!slot.spare || slot.busy) return;
    this.slots.splice(this.slots.indexOf(slot), 1);
    void slot.worker.terminate();
  }

  private next(): void {
    while (this.queue.length) {
      const slot = this.slots.find((s) => !s.busy);
      if (!slot) return;
      const job = this.queue.shift()!;
      slot.busy = true;
      slot.handle = job.handle;
      const seq = ++this.seq;
      const timer = setTimeout(() => {
        this.opts.log(`pb_hooks: ${job.task.label} (${this.opts.files[job.task.file]?.filename}) ran over ${this.opts.timeoutMs} ms and was stopped`);
        slot.pending.delete(seq);
        job.reject(new HookTimeout(`${job.task.label} ran over the hooks time limit`));
        void slot.worker.terminate();
      }, this.opts.timeoutMs);
      const done = () => {
        clearTimeout(timer);
        slot.handle = null;
        slot.busy = false;
        this.next();
        this.retireIdleSpare(slot);
      };
      slot.pending.set(seq, {
        resolve: (text) => {
          done();
          job.resolve(text);
        },
        reject: (err) => {
          clearTimeout(timer);
          job.reject(err);
        },
      });
      const { kind, file, index, payload } = job.task;
      slot.worker.postMessage({ seq, kind, file, index, payload });
    }
  }
}
