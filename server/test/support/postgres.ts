import { spawn, spawnSync } from "node:child_process";
import { chownSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createCollectionsStorage } from "../../src/collections/sync.js";
import { copyDataDirToPostgres } from "../../src/db/copy/toPostgres.js";
import { freePort } from "./ports.js";

/**
 * One throwaway PostgreSQL 15 cluster per test process, started on first use: initdb in a temp
 * dir owned by the `postgres` user (tests run as root, which PostgreSQL refuses to run as), listening
 * on 127.0.0.1 only, on a free port, its unix socket inside the temp dir. Durability is off (tests
 * only). It stops when the process exits, and a watchdog stops it when the process dies without
 * exiting (a killed vitest worker).
 */
export const PG_BIN = process.env.CAIRN_PG_BIN ?? newestPgBin();

/** The newest installed PostgreSQL (15 or later) of Debian's layout, /usr/lib/postgresql/N/bin. */
function newestPgBin(): string {
  let versions: number[] = [];
  try {
    versions = readdirSync("/usr/lib/postgresql").map(Number).filter((v) => v >= 15);
  } catch {
    // Not installed: the first use says so.
  }
  return `/usr/lib/postgresql/${versions.length ? Math.max(...versions) : 15}/bin`;
}

export interface TestCluster {
  dir: string;
  port: number;
  /** The URL of database `name` (superuser `postgres`, no password: trust auth on loopback). */
  url(name: string): string;
}

let cluster: Promise<TestCluster> | null = null;
let databases = 0;

const asPostgres = (bin: string, args: string[]) => {
  const res = spawnSync("runuser", ["-u", "postgres", "--", path.join(PG_BIN, bin), ...args], { encoding: "utf8" });
  if (res.status !== 0) throw new Error(`${bin} failed (${res.status}): ${res.stderr || res.stdout || res.error}`);
  return res.stdout;
};

function stopCluster(dir: string): void {
  spawnSync("runuser", ["-u", "postgres", "--", path.join(PG_BIN, "pg_ctl"), "stop", "-D", path.join(dir, "data"), "-m", "immediate"], { stdio: "ignore" });
  rmSync(dir, { recursive: true, force: true });
}

async function startCluster(): Promise<TestCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), "cairn-pg-"));
  chownSync(dir, ...postgresIds());
  const data = path.join(dir, "data");
  // C collation: text sorts by bytes, as SQLite's BINARY does.
  asPostgres("initdb", ["-D", data, "--auth=trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions"]);
  const port = await freePort();
  const conf = [
    "listen_addresses = '127.0.0.1'",
    `port = ${port}`,
    `unix_socket_directories = '${dir}'`,
    "max_connections = 400",
    // Tests only: nothing here needs to survive a crash of the machine.
    "fsync = off",
    "synchronous_commit = off",
    "full_page_writes = off",
    "shared_buffers = 32MB",
    "log_min_messages = fatal",
  ].join("\n");
  writeFileSync(path.join(data, "postgresql.auto.conf"), conf + "\n");
  try {
    asPostgres("pg_ctl", ["start", "-D", data, "-w", "-t", "30", "-l", path.join(dir, "server.log")]);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  process.once("exit", () => stopCluster(dir));
  // A worker killed without running exit handlers would leave the cluster running: stop it then.
  const watchdog = spawn(
    "sh",
    ["-c", `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; runuser -u postgres -- "${PG_BIN}/pg_ctl" stop -D "${data}" -m immediate; rm -rf "${dir}"`],
    { detached: true, stdio: "ignore" },
  );
  watchdog.unref();
  return { dir, port, url: (name) => `postgres://postgres@127.0.0.1:${port}/${name}` };
}

function postgresIds(): [number, number] {
  const out = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout.trim();
  const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim();
  if (!out) throw new Error("no `postgres` user: install Debian's postgresql package (.ci/run does)");
  return [Number(out), Number(gid)];
}

/** This process's cluster, started on first call. */
export function testCluster(): Promise<TestCluster> {
  cluster ??= startCluster().catch((err) => {
    cluster = null;
    throw err;
  });
  return cluster;
}

/** A new, empty database on this process's cluster; its URL. */
export async function freshDatabase(): Promise<string> {
  const c = await testCluster();
  const name = `cairn_${process.pid}_${++databases}`;
  const admin = new pg.Client({ connectionString: c.url("postgres") });
  await admin.connect();
  try {
    // template0: nothing a previous test added to template1 leaks in.
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
  } finally {
    await admin.end();
  }
  return c.url(name);
}

/** Whether the test helpers run Cairn on PostgreSQL (`CAIRN_TEST_DB=postgres`) instead of the data directory's SQLite files. */
export const testOnPostgres = (): boolean => process.env.CAIRN_TEST_DB === "postgres";

/**
 * Copies a data directory's data.db and logs.db into the (new, empty) database at `url` with
 * `cairn db copy`'s code, so a suite's prepared data directory runs on PostgreSQL.
 */
export async function loadDataDirInto(url: string, dataDir: string): Promise<void> {
  await copyDataDirToPostgres({ dataDir, url, createCollectionsStorage });
}

const dataDirDatabases = new Map<string, Promise<string>>();

/**
 * The database standing for `dataDir`: made fresh and loaded from it (see loadDataDirInto) the
 * first time, the same one when Cairn starts again on the directory (a restart keeps its data).
 */
export function databaseFromDataDir(dataDir: string): Promise<string> {
  const key = path.resolve(dataDir);
  let url = dataDirDatabases.get(key);
  if (!url) {
    url = freshDatabase().then(async (u) => {
      await loadDataDirInto(u, dataDir);
      return u;
    });
    dataDirDatabases.set(key, url);
    url.catch(() => dataDirDatabases.delete(key));
  }
  return url;
}
