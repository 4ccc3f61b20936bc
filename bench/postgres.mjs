// HAProxy in front of several Cairn nodes for the benchmarks (Debian's `haproxy` package, which
// .ci/run installs); the PostgreSQL cluster itself is scripts/postgresCluster.mjs.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./common.mjs";

import { startPostgres as startCluster } from "../scripts/postgresCluster.mjs";

/** The benchmarks' PostgreSQL cluster, on a free port. */
export const startPostgres = async () => startCluster(await freePort());

/** HAProxy round-robin over `nodes` (URLs), health-checked, SSE-friendly timeouts; resolves to its URL and child. */
export async function startBalancer(nodes) {
  const dir = mkdtempSync(path.join(tmpdir(), "cairn-bench-lb-"));
  const port = await freePort();
  const cfg = path.join(dir, "haproxy.cfg");
  const servers = nodes.map((u, i) => `  server n${i + 1} ${new URL(u).host} check inter 1000`);
  const lines = ["global", "  maxconn 4000", "defaults", "  mode http", "  timeout connect 2s", "  timeout client 10m", "  timeout server 10m",
    "frontend fe", `  bind 127.0.0.1:${port}`, "  default_backend nodes", "backend nodes", "  balance roundrobin", "  option httpchk GET /api/health", ...servers, ""];
  writeFileSync(cfg, lines.join("\n"));
  const child = spawn("haproxy", ["-f", cfg, "-db"], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
    try {
      if ((await fetch(url + "/api/health")).ok) return { url, child, stop: () => (child.kill("SIGKILL"), rmSync(dir, { recursive: true, force: true })) };
    } catch {}
  }
  child.kill("SIGKILL");
  throw new Error("haproxy did not start");
}
