import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, waitForHealth } from "./ports.js";
import type { RunningServer } from "./servers.js";

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const HAPROXY_BIN = process.env.CAIRN_HAPROXY_BIN ?? "/usr/sbin/haproxy";

/** One `cairn serve --db …` process. */
export interface ClusterNode extends RunningServer {
  name: "cairn";
  /** The HAProxy server name answering for it (`X-Node` header through the balancer). */
  label: string;
  child: ChildProcess;
  output(): string;
  /** kill -9: no shutdown, no final flush. */
  kill(): void;
}

export interface HaproxyCluster {
  nodes: ClusterNode[];
  /** The balancer, as a server for the test clients. */
  balancer: RunningServer;
  stop(): Promise<void>;
}

/** Starts a node: `cairn serve --db URL --dir DIR --http 127.0.0.1:PORT` (the CLI from the sources). */
export async function startNode(databaseUrl: string, label: string): Promise<ClusterNode> {
  const dir = mkdtempSync(path.join(tmpdir(), `cairn-node-${label}-`));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // node itself with tsx's loader (the tsx wrapper would leave its node child alive on a SIGKILL).
  const child = spawn(process.execPath, ["--import", "tsx", path.join(SERVER_DIR, "src/cli.ts"), "serve", "--db", databaseUrl, "--dir", dir, "--http", `127.0.0.1:${port}`], {
    cwd: SERVER_DIR,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => (out += d));
  child.stderr?.on("data", (d) => (out += d));
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  try {
    await waitForHealth(url, 60_000);
  } catch (err) {
    child.kill("SIGKILL");
    throw new Error(`node ${label} did not start: ${String(err)}\n${out}`);
  }
  return {
    name: "cairn",
    label,
    url,
    dataDir: dir,
    child,
    output: () => out,
    kill: () => child.kill("SIGKILL"),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const t = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(t);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * `count` nodes on one database behind HAProxy: round-robin per request, health-checked, timeouts
 * long enough for SSE streams, connection failures redispatched to another node.
 */
export async function startHaproxyCluster(databaseUrl: string, count = 3): Promise<HaproxyCluster> {
  const nodes: ClusterNode[] = [];
  // One at a time: the first creates the schema the others find.
  for (let i = 0; i < count; i++) nodes.push(await startNode(databaseUrl, `n${i + 1}`));
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "cairn-haproxy-"));
  const cfg = path.join(dir, "haproxy.cfg");
  writeFileSync(
    cfg,
    [
      "global",
      "  maxconn 2000",
      "defaults",
      "  mode http",
      "  timeout connect 2s",
      // SSE streams stay open for minutes; the server sends nothing while idle.
      "  timeout client 10m",
      "  timeout server 10m",
      "  timeout tunnel 10m",
      "  retries 2",
      "  option redispatch",
      "frontend fe",
      `  bind 127.0.0.1:${port}`,
      "  default_backend cairn",
      "backend cairn",
      "  balance roundrobin",
      "  option httpchk GET /api/health",
      "  http-response set-header X-Node %s",
      ...nodes.map((n) => `  server ${n.label} ${new URL(n.url).host} check inter 300 fall 2 rise 2`),
      "",
    ].join("\n"),
  );
  const proxy = spawn(HAPROXY_BIN, ["-f", cfg, "-db"], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  proxy.stdout?.on("data", (d) => (out += d));
  proxy.stderr?.on("data", (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, 15_000);
  } catch (err) {
    proxy.kill("SIGKILL");
    for (const n of nodes) await n.stop();
    throw new Error(`haproxy did not start: ${String(err)}\n${out}`);
  }
  return {
    nodes,
    balancer: { name: "cairn", url, dataDir: "", stop: async () => undefined },
    async stop() {
      proxy.kill("SIGKILL");
      await Promise.all(nodes.map((n) => n.stop()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
