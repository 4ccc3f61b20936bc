// Side-by-side HTTP benchmarks: Cairn vs the reference binary (PocketBase v0.22.20) on copies of
// the same seeded data directory. Prints requests/second for each and the ratio Cairn/reference.
// Usage: npm run bench [-- --duration 5 --connections 20 --only health --rounds 2 --prof DIR]
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { arg, CAIRN, FLAGS, jsonReq, PB } from "./common.mjs";
import { start } from "./servers.mjs";
import { ADMIN, POST_COUNT, USER, USER_COUNT, postId, scenarios, userId } from "./scenarios.mjs";


const duration = Number(arg("duration", "5"));
const connections = Number(arg("connections", "20"));
const only = arg("only", "");
// --prof DIR: run Cairn under `node --cpu-prof` and write its profile to DIR when it stops.
const prof = arg("prof", "");
// --rounds N: measure each scenario N times per server, alternating which goes first, and keep
// the best figure (the machine is shared; the best run is the least disturbed one).
const rounds = Math.max(1, Number(arg("rounds", "1")));

function seed(dir) {
  execFileSync(PB, ["migrate", "up", "--dir", dir, ...FLAGS], { stdio: "ignore" });
  execFileSync(PB, ["admin", "create", ADMIN.email, ADMIN.password, "--dir", dir, ...FLAGS], { stdio: "ignore" });
  const db = new Database(path.join(dir, "data.db"));
  const insert = db.prepare("INSERT INTO _admins (id, avatar, email, tokenKey, passwordHash) VALUES (?, ?, ?, ?, 'x')");
  db.transaction(() => {
    for (let i = 0; i < 500; i++) insert.run(`benchadmin${String(i).padStart(5, "0")}`, i % 10, `user${i}@example.com`, `key${i}`);
  })();
  db.close();
  // logs.db is created by the first serve; create it with the reference, then seed it.
  return dir;
}

// Collections are created through the reference binary's own API (so tables, columns and indexes
// are exactly what it makes); the bulk rows go in afterwards with better-sqlite3.
async function seedCollections(url) {
  const { token } = await jsonReq(url + "/api/admins/auth-with-password", "POST", { identity: ADMIN.email, password: ADMIN.password });
  const users = await jsonReq(url + "/api/collections/users", "GET", undefined, token);
  // One user through the API (for a real bcrypt hash); the rest copy its hash in SQL.
  await jsonReq(url + "/api/collections/users/records", "POST", {
    id: USER.id, username: USER.username, email: USER.email, emailVisibility: true,
    password: USER.password, passwordConfirm: USER.password, name: "Bench User 0",
  }, token);
  await jsonReq(url + "/api/collections", "POST", {
    name: "posts",
    type: "base",
    schema: [
      { name: "title", type: "text", required: true, options: { min: null, max: null, pattern: "" } },
      { name: "views", type: "number", required: false, options: { min: null, max: null, noDecimal: true } },
      { name: "status", type: "select", required: true, options: { maxSelect: 1, values: ["draft", "published", "archived"] } },
      { name: "author", type: "relation", required: false, options: { collectionId: users.id, cascadeDelete: false, minSelect: null, maxSelect: 1, displayFields: null } },
      { name: "tags", type: "json", required: false, options: { maxSize: 2000000 } },
    ],
    indexes: [
      "CREATE INDEX `idx_posts_created` ON `posts` (`created`)",
      "CREATE INDEX `idx_posts_author` ON `posts` (`author`)",
    ],
    listRule: "author = @request.auth.id || status = 'published'",
    viewRule: "author = @request.auth.id || status = 'published'",
    createRule: null,
    updateRule: null,
    deleteRule: null,
  }, token);
}

function seedRows(dir) {
  const db = new Database(path.join(dir, "data.db"));
  const cols = (table) => db.prepare(`PRAGMA table_info(${table})`).all().map((c) => c.name);
  const insertRow = (table, row) => {
    const names = cols(table);
    for (const k of Object.keys(row)) if (!names.includes(k)) throw new Error(`${table} has no column ${k}`);
    const used = names.filter((n) => n in row);
    const stmt = db.prepare(`INSERT INTO "${table}" (${used.map((n) => `"${n}"`).join(", ")}) VALUES (${used.map(() => "?").join(", ")})`);
    return (r) => stmt.run(...used.map((n) => r[n]));
  };
  const ts = (ms) => new Date(ms).toISOString().replace("T", " ");
  const now = Date.parse("2026-11-01T00:00:00Z");
  const first = db.prepare("SELECT * FROM users WHERE id = ?").get(USER.id);
  const insUser = insertRow("users", first);
  const statuses = ["draft", "published", "archived"];
  const words = ["alpha", "beta", "gamma", "delta", "omega", "sigma", "kappa", "zeta"];
  const postRow = (i) => ({
    id: postId(i),
    created: ts(now - (POST_COUNT - i) * 60_000),
    updated: ts(now - (POST_COUNT - i) * 60_000),
    title: `Post ${i} about ${words[i % words.length]}`,
    views: (i * 7919) % 1000,
    status: statuses[(i * 31) % 3],
    author: userId(i % USER_COUNT),
    tags: JSON.stringify([words[i % 8], words[(i >> 3) % 8]]),
  });
  const insPost = insertRow("posts", postRow(0));
  db.transaction(() => {
    for (let i = 1; i < USER_COUNT; i++) {
      const row = { ...first, id: userId(i), username: `benchuser${i}`, email: `benchuser${i}@example.com`, tokenKey: `benchtokenkey${i}`, name: `Bench User ${i}`, created: ts(now - i * 1000), updated: ts(now - i * 1000) };
      insUser(row);
    }
    for (let i = 0; i < POST_COUNT; i++) insPost(postRow(i));
  })();
  db.close();
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

// One request to each server before measuring: warn when status, totals or ids differ, since
// then the two are not doing the same work.
async function compare(s, refUrl, cairnUrl, tokens) {
  const one = async (url, t) => {
    const res = await fetch(url + s.path, { headers: s.auth && s.auth !== "guest" ? { authorization: t[s.auth] } : {} });
    const j = await res.json().catch(() => ({}));
    const ids = (j.items ?? []).map((x) => x.id + (x.expand ? "+" + Object.keys(x.expand).join(",") : "")).join(" ");
    return `${res.status} total=${j.totalItems ?? j.totalPages ?? "-"} ${j.id ?? ""} ${ids}`;
  };
  const [r, c] = [await one(refUrl, tokens.ref), await one(cairnUrl, tokens.cairn)];
  if (r !== c) console.warn(`warning: ${s.name}: answers differ\n  reference: ${r.slice(0, 300)}\n  cairn:     ${c.slice(0, 300)}`);
}

// s.auth: "admin" | "user" | "guest" (default guest); s.body: object sent as JSON.
async function measure(url, s, tokens) {
  const headers = {};
  if (s.auth && s.auth !== "guest") {
    if (!tokens[s.auth]) throw new Error(`${s.name}: unknown auth kind ${s.auth}`);
    headers.authorization = tokens[s.auth];
  }
  if (s.body !== undefined) headers["content-type"] = "application/json";
  const result = await autocannon({
    url: url + s.path,
    method: s.method ?? "GET",
    headers,
    body: s.body === undefined ? undefined : JSON.stringify(s.body),
    connections,
    duration: s.duration ?? duration,
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
    try {
      await seedCollections(boot.url);
    } finally {
      boot.child.kill();
      await new Promise((r) => boot.child.once("exit", r));
    }
    seedLogs(dir);
    seedRows(dir);
    const refDir = path.join(base, "ref");
    const cairnDir = path.join(base, "cairn");
    cpSync(dir, refDir, { recursive: true });
    cpSync(dir, cairnDir, { recursive: true });

    const ref = await start(PB, ["serve", "--dir", refDir, ...FLAGS]);
    const profArgs = prof ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(prof)] : [];
    const cairn = await start("node", [...profArgs, CAIRN, "serve", "--dir", cairnDir]);
    try {
      const signIn = async (url) => ({
        admin: (await jsonReq(url + "/api/admins/auth-with-password", "POST", { identity: ADMIN.email, password: ADMIN.password })).token,
        user: (await jsonReq(url + "/api/collections/users/auth-with-password", "POST", { identity: USER.username, password: USER.password })).token,
      });
      const tokens = { ref: await signIn(ref.url), cairn: await signIn(cairn.url) };
      // Sanity: both servers see the same data through the relation rule.
      for (const [name, srv] of [["ref", ref], ["cairn", cairn]]) {
        const r = await jsonReq(srv.url + "/api/collections/posts/records?perPage=1", "GET", undefined, tokens[name].user);
        console.log(`${name}: posts visible to ${USER.username}: ${r.totalItems}`);
      }
      const rows = [];
      for (const s of scenarios.filter((x) => !only || x.name.includes(only))) {
        if ((s.method ?? "GET") === "GET" && s.compare !== false) await compare(s, ref.url, cairn.url, tokens);
        let r = 0;
        let c = 0;
        for (let i = 0; i < rounds; i++) {
          if (i % 2 === 0) {
            r = Math.max(r, await measure(ref.url, s, tokens.ref));
            c = Math.max(c, await measure(cairn.url, s, tokens.cairn));
          } else {
            c = Math.max(c, await measure(cairn.url, s, tokens.cairn));
            r = Math.max(r, await measure(ref.url, s, tokens.ref));
          }
        }
        rows.push({ scenario: s.name, "cairn req/s": Math.round(c), "reference req/s": Math.round(r), ratio: (c / r).toFixed(2) });
        console.log(`${s.name.padEnd(34)} cairn ${String(Math.round(c)).padStart(7)}  reference ${String(Math.round(r)).padStart(7)}  ratio ${(c / r).toFixed(2)}`);
      }
      console.log(`\n(${connections} connections, ${duration}s per run unless noted, best of ${rounds}, 2-core machine; load average ${os.loadavg().map((x) => x.toFixed(1)).join(" ")})`);
      console.log("| scenario | Cairn req/s | reference req/s | ratio |\n|---|---|---|---|");
      for (const r of rows) console.log(`| ${r.scenario} | ${r["cairn req/s"]} | ${r["reference req/s"]} | ${r.ratio} |`);
    } finally {
      const stopped = (c) => new Promise((r) => (c.exitCode !== null ? r() : c.once("exit", r)));
      ref.child.kill();
      cairn.child.kill();
      await Promise.all([stopped(ref.child), stopped(cairn.child)]);
    }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
