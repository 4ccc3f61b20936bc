import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createApp } from "../../src/app.js";
import { loadHooks } from "../../src/cli/hooks.js";
import { closeServer } from "../../src/http/closeServer.js";
import { buildServer } from "../../src/http/server.js";
import { RecordHookSlot } from "../../src/records/writeHooks.js";
import type { Hooks } from "../../src/hooks/service.js";
import { copyDataDir, tempDir } from "./dataDirs.js";
import { freePort } from "./ports.js";
import { databaseFromDataDir, testOnPostgres } from "./postgres.js";
import { startReference, type RunningCairn, type RunningServer } from "./servers.js";

/** A pb_hooks directory holding the given files (name -> source). */
export function hooksDir(files: Record<string, string>): string {
  const dir = path.join(tempDir("cairn-hooks-"), "pb_hooks");
  mkdirSync(dir);
  for (const [name, source] of Object.entries(files)) writeFileSync(path.join(dir, name), source);
  return dir;
}

/** The reference over a copy of `dataDir` with the hooks of `dir`. */
export function startReferenceWithHooks(dataDir: string, dir: string): Promise<RunningServer> {
  return startReference(copyDataDir(dataDir), ["--dev=false", "--automigrate=false", "--migrationsDir", path.join(dir, "..", "no-migrations"), "--hooksDir", dir]);
}

export interface CairnWithHooks extends RunningCairn {
  hooks: Hooks;
  /** What the hooks logged (load errors, time limits). */
  logged: string[];
}

/** Cairn over a copy of `dataDir` with the hooks of `dir`, wired as `cairn serve` wires them. */
export async function startCairnWithHooks(dataDir: string, dir: string, opts: { timeoutMs?: number; poolSize?: number; leads?: () => boolean; watch?: boolean } = {}): Promise<CairnWithHooks> {
  const own = copyDataDir(dataDir);
  const slot = new RecordHookSlot();
  // CAIRN_TEST_DB=postgres: the same run on a fresh PostgreSQL database loaded from the data directory.
  const databaseUrl = testOnPostgres() ? await databaseFromDataDir(own) : undefined;
  const app = await createApp({ dataDir: own, databaseUrl, recordHooks: slot });
  const logged: string[] = [];
  const before = process.env.CAIRN_HOOKS_TIMEOUT_MS;
  if (opts.timeoutMs) process.env.CAIRN_HOOKS_TIMEOUT_MS = String(opts.timeoutMs);
  const hooks = await loadHooks(app, dir, slot, { poolSize: opts.poolSize, leads: opts.leads, watch: opts.watch, log: (l) => logged.push(l) }).finally(() => {
    if (before === undefined) delete process.env.CAIRN_HOOKS_TIMEOUT_MS;
    else process.env.CAIRN_HOOKS_TIMEOUT_MS = before;
  });
  const server = buildServer(app, { hooks });
  const port = await freePort();
  await server.listen({ host: "127.0.0.1", port });
  return {
    name: "cairn",
    url: `http://127.0.0.1:${port}`,
    dataDir: own,
    app,
    hooks,
    logged,
    async stop() {
      await closeServer(server, 2000);
      await hooks.close();
      await app.close();
    },
  };
}
