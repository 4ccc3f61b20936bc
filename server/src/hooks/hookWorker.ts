import { VM_THREAD_HELPERS } from "../migrations/vmWorker.js";

/**
 * The code of a hooks thread (plain CommonJS, evaluated, as the migrations' thread). It runs every
 * hook file in a vm context of its own with the migrations' globals and the hooks' (both given as
 * source), then posts what the files registered (`{ ready }`, with the files that failed to load
 * and where). After that it runs one registration at a time as the main thread asks
 * (`{ seq, file, kind, index, payload }` -> `{ seq, result }`); a hook's server calls block this
 * thread as a migration's do.
 */
export const HOOK_WORKER_CODE = `
const { workerData, parentPort, receiveMessageOnPort } = require("node:worker_threads");
const vm = require("node:vm");
const { port, signal, files, globals, hookGlobals, hooksDir } = workerData;
const flag = new Int32Array(signal);
${VM_THREAD_HELPERS}
const contexts = [];
const registry = { routes: [], events: [], crons: [], removedCrons: [], middlewares: [], errors: [] };
files.forEach((f, file) => {
  const ctx = vm.createContext({ console });
  const g = vm.runInContext("globalThis", ctx);
  try {
    installGlobals(ctx, globals)(g, call);
    installGlobals(ctx, hookGlobals)(g, call, hooksDir);
    vm.runInContext(f.source, ctx, { filename: f.filename });
  } catch (err) {
    registry.errors.push({ file: f.filename, message: describe(err, f.filename) });
    return;
  }
  contexts[file] = g;
  const r = JSON.parse(JSON.stringify(g.__registry()));
  r.routes.forEach((x, index) => registry.routes.push(Object.assign(x, { file, index })));
  r.events.forEach((x, index) => registry.events.push(Object.assign(x, { file, index })));
  r.crons.forEach((x, index) => registry.crons.push(Object.assign(x, { file, index })));
  registry.removedCrons.push(...r.removedCrons);
  if (r.middlewares) registry.middlewares.push(file);
});
parentPort.postMessage({ ready: registry });
parentPort.on("message", (m) => {
  let result;
  try {
    result = contexts[m.file].__dispatch(m.kind, m.index, m.payload);
  } catch (err) {
    result = JSON.stringify({ error: { message: describe(err, files[m.file].filename) } });
  }
  parentPort.postMessage({ seq: m.seq, result });
});
`;
