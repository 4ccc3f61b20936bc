import { spawn, type ChildProcess } from "node:child_process";
import { createApp, type App } from "../../src/app.js";
import { closeServer } from "../../src/http/closeServer.js";
import { buildServer, type ServerOptions } from "../../src/http/server.js";
import { PB_BIN, PB_FLAGS } from "./dataDirs.js";
import { freePort, waitForHealth } from "./ports.js";
import { databaseFromDataDir, testOnPostgres } from "./postgres.js";

export interface RunningServer {
  name: "cairn" | "reference";
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export interface RunningCairn extends RunningServer {
  app: App;
}

/** Starts the reference binary on a free port over `dataDir` (`flags`: PB_FLAGS, or others such as an automigrate setup). */
export async function startReference(dataDir: string, flags: readonly string[] = PB_FLAGS): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(PB_BIN, ["serve", "--dir", dataDir, "--http", `127.0.0.1:${port}`, ...flags], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  try {
    await waitForHealth(url);
  } catch (err) {
    child.kill("SIGKILL");
    throw new Error(`${String(err)}\n${output}`);
  }
  return {
    name: "reference",
    url,
    dataDir,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/**
 * Starts Cairn in-process on a free port over `dataDir` (on the PostgreSQL database `databaseUrl`
 * when given, its files still in `dataDir`).
 */
export async function startCairn(dataDir: string, serverOptions?: ServerOptions, opts: { databaseUrl?: string } = {}): Promise<RunningCairn> {
  // CAIRN_TEST_READ_SLOW_MS=0 sends every list read to the read workers (their differential check).
  const slow = process.env.CAIRN_TEST_READ_SLOW_MS;
  // CAIRN_TEST_DB=postgres: the same run on a fresh PostgreSQL database loaded from the data directory.
  const databaseUrl = opts.databaseUrl ?? (testOnPostgres() ? await databaseFromDataDir(dataDir) : undefined);
  const app = await createApp({ dataDir, databaseUrl, readSlowMs: slow ? Number(slow) : undefined });
  const server = buildServer(app, serverOptions);
  const port = await freePort();
  await server.listen({ host: "127.0.0.1", port });
  return {
    name: "cairn",
    url: `http://127.0.0.1:${port}`,
    dataDir,
    app,
    async stop() {
      await closeServer(server, 2000);
      await app.close();
    },
  };
}
