import { MessageChannel, Worker, type MessagePort } from "node:worker_threads";
import { VM_GLOBALS_SOURCE } from "./vmGlobals.js";
import { VM_WORKER_CODE } from "./vmWorker.js";

/** Answers one call of the migration's code (its arguments as sent); the result must be JSON. */
export type HostHandler = (op: string, args: unknown[]) => Promise<unknown>;

export interface VmRun {
  /** The file's text and name (the name appears in stack traces and errors). */
  source: string;
  filename: string;
  direction: "up" | "down";
  /** A limit on the whole run (wall time, database calls included); none by default, as PocketBase's migrations. */
  timeoutMs?: number;
}

/** The migration's own code failed (a throw, a syntax error, a failed database call it did not catch). */
export class VmScriptError extends Error {}

/**
 * Runs a PocketBase-style migration file: its code on a worker thread in a vm context, its
 * database calls here on the main thread, one at a time, through `handle`.
 *
 * Why a thread: PocketBase's engine is synchronous (`dao.saveCollection(c)` returns when saved),
 * while Cairn's services are async (and must stay so for PostgreSQL). The file's thread blocks on
 * each call while this thread runs the call through the services in the migration's transaction
 * and wakes it with the answer, so migration files run unchanged and every change goes through the
 * same validation and schema code as the HTTP API, on either engine.
 */
export function runInVm(run: VmRun, handle: HostHandler): Promise<void> {
  const { port1, port2 } = new MessageChannel();
  const signal = new SharedArrayBuffer(4);
  const flag = new Int32Array(signal);
  const worker = new Worker(VM_WORKER_CODE, {
    eval: true,
    workerData: { port: port2, signal, source: run.source, filename: run.filename, direction: run.direction, globals: VM_GLOBALS_SOURCE, timeoutMs: run.timeoutMs },
    transferList: [port2],
  });
  answerCalls(port1, flag, handle);
  return new Promise<void>((resolve, reject) => {
    worker.once("message", (m: { ok?: true; error?: string }) => (m.error === undefined ? resolve() : reject(new VmScriptError(m.error))));
    worker.once("error", reject);
    worker.once("exit", () => reject(new VmScriptError("the migration's thread ended early")));
  }).finally(() => {
    port1.close();
    void worker.terminate();
  });
}

/**
 * Answers the blocking calls a vm thread sends on `port` (its `call`, migrations/vmWorker.ts): each
 * through `handle`, the reply posted back, then the thread woken through `flag`.
 */
export function answerCalls(port: MessagePort, flag: Int32Array, handle: HostHandler): void {
  port.on("message", (m: { op: string; args: string }) => {
    void (async () => {
      let reply: { result?: string; error?: string };
      try {
        const result = await handle(m.op, JSON.parse(m.args) as unknown[]);
        reply = { result: result === undefined ? undefined : JSON.stringify(result) };
      } catch (err) {
        reply = { error: describeError(err) };
      }
      port.postMessage(reply);
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
    })();
  });
}

/** An error's message with its field errors (`name: message`), for the migration's error text. */
function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const data = (err as { data?: Record<string, unknown> }).data;
  const fields = data ? flattenFieldErrors(data) : [];
  return fields.length ? `${err.message} ${fields.join("; ")}` : err.message;
}

function flattenFieldErrors(data: Record<string, unknown>, prefix = ""): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(data)) {
    if (!v || typeof v !== "object") continue;
    const e = v as { message?: unknown };
    if (typeof e.message === "string") out.push(`${prefix}${k}: ${e.message}`);
    else out.push(...flattenFieldErrors(v as Record<string, unknown>, `${prefix}${k}.`));
  }
  return out;
}
