// A throwaway PostgreSQL cluster for benchmarks and browser tests: Debian's `postgresql` package
// (.ci/run installs it), PostgreSQL's default durability (fsync and synchronous commit on, as a
// real installation runs), in a temp dir as the `postgres` user on a free loopback port.
import { spawnSync } from "node:child_process";
import { chownSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const pgVersion = () => Math.max(...readdirSync("/usr/lib/postgresql").map(Number).filter((v) => v >= 15));
const bin = (name) => path.join(`/usr/lib/postgresql/${pgVersion()}/bin`, name);

/** Runs a PostgreSQL program as the `postgres` user (it refuses to run as root). */
function asPostgres(program, args) {
  const r = spawnSync("runuser", ["-u", "postgres", "--", bin(program), ...args], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${program}: ${r.stderr || r.stdout || r.error}`);
}

/**
 * Starts a cluster in a temp dir on `port` (a free loopback port). `database(name)` creates an empty
 * database and resolves to its URL; `stop()` stops the cluster and removes its files.
 */
export async function startPostgres(port) {
  const dir = mkdtempSync(path.join(tmpdir(), "cairn-bench-pg-"));
  const uid = Number(spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout);
  const gid = Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout);
  chownSync(dir, uid, gid);
  const data = path.join(dir, "data");
  asPostgres("initdb", ["-D", data, "--auth=trust", "-U", "postgres", "-E", "UTF8", "--no-instructions"]);
  writeFileSync(path.join(data, "postgresql.auto.conf"), `listen_addresses = '127.0.0.1'\nport = ${port}\nunix_socket_directories = '${dir}'\nmax_connections = 200\nshared_buffers = 256MB\n`);
  asPostgres("pg_ctl", ["start", "-D", data, "-w", "-l", path.join(dir, "server.log")]);
  const url = (name) => `postgres://postgres@127.0.0.1:${port}/${name}`;
  const postmaster = () => Number(readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
  return {
    url,
    /** The server's processes now: the postmaster and its children (backends, writers). */
    pids() {
      const root = postmaster();
      const children = readdirSync("/proc").filter((d) => /^\d+$/.test(d)).filter((d) => {
        try {
          const stat = readFileSync(`/proc/${d}/stat`, "utf8");
          return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === root;
        } catch {
          return false;
        }
      });
      return [root, ...children.map(Number)];
    },
    database(name) {
      asPostgres("psql", ["-h", dir, "-p", String(port), "-U", "postgres", "-q", "-c", `CREATE DATABASE "${name}"`]);
      return url(name);
    },
    stop() {
      spawnSync("runuser", ["-u", "postgres", "--", bin("pg_ctl"), "stop", "-D", data, "-m", "fast"], { stdio: "ignore" });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
