import { fileURLToPath } from "node:url";
import type { App } from "../app.js";
import { buildServer } from "../http/server.js";
import { closeServer } from "../http/closeServer.js";
import { listenErrorMessage } from "./listenError.js";
import { clearSpoolDir, SHARED_SPOOL_AGE_MS } from "../files/spoolDir.js";
import { passwordPool } from "../auth/passwordPool.js";
import type { Hooks } from "../hooks/service.js";

export interface ServeOptions {
  http: string;
  dashboardDir?: string;
  /** Request body and head timeouts (ms; undefined: the server's defaults), see http/bodyTimeout.ts. */
  bodyTimeoutMs?: number;
  headersTimeoutMs?: number;
  /** Other nodes may share the data directory (`--db`): leftovers are told apart by age. */
  sharedDir?: boolean;
  /** The pb_hooks files (their routes; closed on shutdown). */
  hooks?: Hooks;
  out: (s: string) => void;
}

/** How long a shutdown waits for requests in progress (downloads, uploads) before closing their connections. */
export const SHUTDOWN_GRACE_MS = 10_000;

/** The dashboard built by the ui workspace, next to the server package in the monorepo. */
export const DEFAULT_DASHBOARD_DIR = fileURLToPath(new URL("../../../ui/dist", import.meta.url));

/** Starts listening and wires graceful shutdown: stop accepting, flush logs, close the databases. */
export async function serve(app: App, opts: ServeOptions): Promise<void> {
  const [host, portText] = splitHostPort(opts.http);
  clearSpoolDir(app.dataDir, opts.sharedDir ? { olderThanMs: SHARED_SPOOL_AGE_MS } : {});
  const server = buildServer(app, {
    dashboardDir: opts.dashboardDir ?? DEFAULT_DASHBOARD_DIR,
    bodyTimeoutMs: opts.bodyTimeoutMs,
    headersTimeoutMs: opts.headersTimeoutMs,
    hooks: opts.hooks,
  });
  try {
    await server.listen({ host, port: Number(portText) });
  } catch (err) {
    await server.close();
    await opts.hooks?.close();
    await app.close();
    const message = listenErrorMessage(err, opts.http);
    throw message ? new Error(message) : err;
  }
  // A password thread boots now rather than inside the first sign-in (read workers: AppOptions.warmReadWorkers).
  passwordPool().warm();
  const base = `http://${host}:${portText}`;
  opts.out(`Server started at ${base}\n├─ REST API: ${base}/api/\n└─ Admin UI: ${base}/_/`);
  if ((await app.admins.count()) === 0) {
    opts.out(`\nNo admin account yet. Create the first one at:\n  ${base}/_/?installer#`);
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    opts.out(`\n${signal} received, shutting down...`);
    await closeServer(server, SHUTDOWN_GRACE_MS);
    await opts.hooks?.close();
    await app.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void stop("SIGINT"));
  process.once("SIGTERM", () => void stop("SIGTERM"));
}

export function splitHostPort(addr: string): [string, string] {
  const idx = addr.lastIndexOf(":");
  if (idx < 0) return [addr || "127.0.0.1", "8090"];
  const host = addr.slice(0, idx).replace(/^\[|\]$/g, "") || "0.0.0.0";
  return [host, addr.slice(idx + 1) || "8090"];
}
