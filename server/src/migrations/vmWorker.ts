/**
 * What the threads running JS files (migrations here, hooks/hookWorker.ts) share, as code text
 * expecting `vm`, `port`, `flag` and `receiveMessageOnPort` in scope: `call` (a blocking call
 * answered by the main thread, see bridge.ts), `installGlobals` and `describe`.
 */
export const VM_THREAD_HELPERS = `
function call(op, argsJson) {
  Atomics.store(flag, 0, 0);
  port.postMessage({ op, args: argsJson });
  Atomics.wait(flag, 0, 0);
  const reply = receiveMessageOnPort(port);
  if (!reply) throw new Error("no answer from the server for " + op);
  if (reply.message.error !== undefined) throw new Error(reply.message.error);
  return reply.message.result;
}
// The message, and where in the file it happened (a syntax error's stack starts with "file:line").
function describe(err, filename) {
  const message = err && typeof err === "object" && "message" in err ? String(err.message) : String(err);
  const lines = err && typeof err.stack === "string" ? err.stack.split("\\n").map((l) => l.trim()) : [];
  const at = lines.find((l) => l.startsWith("at ") && l.includes(filename + ":")) || lines.find((l) => l.includes(filename + ":"));
  const where = at ? at.replace(/^at [^(]*\\(/, "").replace(/^at /, "").replace(/\\)$/, "") : "";
  return where ? message + " (" + where + ")" : message;
}
// The globals' source as compiled: tsx/esbuild (keepNames) may call its \`__name\` helper in it.
function installGlobals(ctx, globals) {
  return vm.runInContext("(() => { const __name = (f, n) => Object.defineProperty(f, 'name', { value: n, configurable: true }); return (" + globals + "); })()", ctx);
}
`;

/**
 * The code of the thread a migration file runs on (plain CommonJS, evaluated, so the same text runs
 * from src/ and dist/). It makes a fresh vm context, installs the globals (vmGlobals.ts, given as
 * source), runs the file and then its up or down functions. Each database call blocks this thread
 * (`Atomics.wait`) until the main thread has answered it on `port`; the answer is then taken off the
 * port synchronously (`receiveMessageOnPort`). The outcome goes to the parent as `{ ok }` or `{ error }`.
 */
export const VM_WORKER_CODE = `
const { workerData, parentPort, receiveMessageOnPort } = require("node:worker_threads");
const vm = require("node:vm");
const { port, signal, source, filename, direction, globals, timeoutMs } = workerData;
const flag = new Int32Array(signal);
${VM_THREAD_HELPERS}
try {
  const ctx = vm.createContext({ console });
  installGlobals(ctx, globals)(vm.runInContext("globalThis", ctx), call);
  vm.runInContext(source, ctx, { filename, timeout: timeoutMs });
  vm.runInContext("__runMigration(" + JSON.stringify(direction) + ")", ctx, { timeout: timeoutMs });
  parentPort.postMessage({ ok: true });
} catch (err) {
  parentPort.postMessage({ error: describe(err, filename) });
}
`;
