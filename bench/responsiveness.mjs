// Responsiveness under load: while 100 connections list and create posts (100,000 rows), a probe
// asks /api/health one request after another and records how long each answer takes. Run on the
// reference binary, on Cairn as started by default (read workers on) and on Cairn with
// `--readWorkers 0`, each over its own copy of the same seeded data directory.
//   npm run bench:responsiveness [-- --duration 30 --connections 100 --list admin|user|skipTotal --only cairn --prof DIR]
// --list picks the list the load runs: `admin` (page of 30 with its total: a COUNT over every
// row, the default), `user` (the relation rule's filtered page and count) or `skipTotal` (no count).
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { arg, CAIRN, FLAGS, jsonReq, PB } from "./common.mjs";
import { ADMIN, USER, seedPosts } from "./seed.mjs";
import { start, stop } from "./servers.mjs";

const duration = Number(arg("duration", "30"));
const connections = Number(arg("connections", "100"));
const listKind = arg("list", "admin");
const only = arg("only", "");
// --prof DIR: run Cairn under `node --cpu-prof` and write its profiles to DIR when it stops.
const prof = arg("prof", "");

const posts = "/api/collections/posts/records";
const LISTS = {
  admin: { path: `${posts}?perPage=30`, auth: "admin" },
  user: { path: `${posts}?perPage=30`, auth: "user" },
  skipTotal: { path: `${posts}?perPage=30&skipTotal=1`, auth: "admin" },
};
const list = LISTS[listKind];
if (!list) throw new Error(`--list must be one of ${Object.keys(LISTS).join(", ")}`);

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

/** /api/health back to back (a 10 ms pause between answers) until `stopAt`; the latencies in ms. */
async function probe(url, stopAt) {
  const times = [];
  while (Date.now() < stopAt) {
    const t = performance.now();
    const res = await fetch(url + "/api/health");
    await res.arrayBuffer();
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 10));
  }
  return times.sort((a, b) => a - b);
}

async function measure(name, url) {
  const admin = (await jsonReq(url + "/api/admins/auth-with-password", "POST", { identity: ADMIN.email, password: ADMIN.password })).token;
  const user = (await jsonReq(url + "/api/collections/users/auth-with-password", "POST", { identity: USER.username, password: USER.password })).token;
  const tokens = { admin, user };
  const idle = await probe(url, Date.now() + 2000);
  const create = { title: "Load post", views: 1, status: "draft", author: USER.id, tags: ["load"] };
  const load = autocannon({
    url,
    connections,
    duration,
    // Each connection alternates: a page of posts, then a new post.
    requests: [
      { method: "GET", path: list.path, headers: { authorization: tokens[list.auth] } },
      { method: "POST", path: posts, headers: { authorization: admin, "content-type": "application/json" }, body: JSON.stringify(create) },
    ],
  });
  // Let the load ramp up before probing, and stop probing before it ends.
  await new Promise((r) => setTimeout(r, 1000));
  const loaded = await probe(url, Date.now() + (duration - 2) * 1000);
  const result = await load;
  const row = {
    server: name,
    "idle median ms": idle[idle.length >> 1].toFixed(1),
    "health median ms": pct(loaded, 50).toFixed(1),
    "health p95 ms": pct(loaded, 95).toFixed(1),
    probes: loaded.length,
    "load req/s": Math.round(result.requests.average),
    non2xx: result.non2xx,
  };
  console.log(JSON.stringify(row));
  return row;
}

async function main() {
  const base = mkdtempSync(path.join(tmpdir(), "cairn-resp-"));
  try {
    const seeded = await seedPosts(path.join(base, "seed"));
    const profArgs = prof ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(prof)] : [];
    const targets = [
      { name: "reference", cmd: PB, args: (dir) => ["serve", "--dir", dir, ...FLAGS] },
      { name: "cairn (default read workers)", cmd: "node", args: (dir) => [...profArgs, CAIRN, "serve", "--dir", dir] },
      { name: "cairn --readWorkers 0", cmd: "node", args: (dir) => [...profArgs, CAIRN, "serve", "--dir", dir, "--readWorkers", "0"] },
    ].filter((t) => !only || t.name.includes(only));
    const rows = [];
    for (const [i, t] of targets.entries()) {
      const dir = path.join(base, `run${i}`);
      cpSync(seeded, dir, { recursive: true });
      const srv = await start(t.cmd, t.args(dir), { timeoutMs: 60_000 });
      try {
        rows.push(await measure(t.name, srv.url));
      } finally {
        await stop(srv.child);
      }
    }
    console.log(`\n(${connections} connections of "${listKind}" list + create for ${duration}s, probe: /api/health one at a time; ${os.availableParallelism()} cores; load average ${os.loadavg().map((x) => x.toFixed(1)).join(" ")})`);
    console.log("| server | /api/health median | p95 | idle median | load req/s |\n|---|---|---|---|---|");
    for (const r of rows) console.log(`| ${r.server} | ${r["health median ms"]} ms | ${r["health p95 ms"]} ms | ${r["idle median ms"]} ms | ${r["load req/s"]} |`);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
