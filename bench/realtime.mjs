// Realtime fan-out benchmark: Cairn vs the reference binary (PocketBase v0.22.20), side by side on
// copies of the same seeded data directory. N SSE clients (each signed in as one of U users) are
// subscribed to `feed/*`, whose list rule is `owner = @request.auth.id`; a writer creates W
// records per second for D seconds, each owned by a random user. Every record must reach exactly
// the clients of its owner. Prints delivered/expected, unexpected and missing events, fan-out
// latency (create request sent -> event received) p50/p99, and the server's peak RSS.
// Usage: npm run build -w server && node bench/realtime.mjs [--clients 1000 --users 100 --rate 200 --duration 60 --only cairn|reference]
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { SignJWT } from "jose";
import { arg, CAIRN, FLAGS, jsonReq, PB } from "./common.mjs";
import { start as startServer, stop } from "./servers.mjs";

const ADMIN = { email: "bench@example.com", password: "1234567890" };

const CLIENTS = Number(arg("clients", "1000"));
const USERS = Number(arg("users", "100"));
const RATE = Number(arg("rate", "200"));
const DURATION = Number(arg("duration", "60"));
const only = arg("only", "");

// As before the shared helper: up to 20 s for a start.
const start = (cmd, args) => startServer(cmd, args, { timeoutMs: 20_000 });

/** A data dir made by the reference: the `feed` collection and USERS users (rows written directly, no bcrypt). */
async function seed() {
  const dir = mkdtempSync(path.join(tmpdir(), "rt-bench-"));
  execFileSync(PB, ["migrate", "up", "--dir", dir, ...FLAGS], { stdio: "ignore" });
  execFileSync(PB, ["admin", "create", ADMIN.email, ADMIN.password, "--dir", dir, ...FLAGS], { stdio: "ignore" });
  const boot = await start(PB, ["serve", "--dir", dir, ...FLAGS]);
  try {
    const { token } = await jsonReq(boot.url + "/api/admins/auth-with-password", "POST", { identity: ADMIN.email, password: ADMIN.password });
    const users = await jsonReq(boot.url + "/api/collections/users", "GET", undefined, token);
    await jsonReq(boot.url + "/api/collections", "POST", {
      name: "feed",
      type: "base",
      schema: [
        { name: "title", type: "text" },
        { name: "owner", type: "relation", options: { collectionId: users.id, maxSelect: 1 } },
      ],
      listRule: "owner = @request.auth.id",
      viewRule: "owner = @request.auth.id",
    }, token);
  } finally {
    await stop(boot.child);
  }
  const db = new Database(path.join(dir, "data.db"));
  const insert = db.prepare("INSERT INTO users (id, username, email, emailVisibility, verified, tokenKey, passwordHash, name) VALUES (?, ?, ?, 0, 1, ?, 'x', '')");
  db.transaction(() => {
    for (let i = 0; i < USERS; i++) insert.run(userId(i), `benchuser${i}`, `bench${i}@example.com`, `benchkey${i}`);
  })();
  const settings = JSON.parse(db.prepare("SELECT value FROM _params WHERE key = 'settings'").get().value);
  const usersId = db.prepare("SELECT id FROM _collections WHERE name = 'users'").get().id;
  db.close();
  // Tokens are signed as both servers sign them (tokenKey + the recordAuthToken secret).
  const tokens = [];
  for (let i = 0; i < USERS; i++) {
    const key = new TextEncoder().encode(`benchkey${i}` + settings.recordAuthToken.secret);
    tokens.push(await new SignJWT({ id: userId(i), type: "authRecord", collectionId: usersId }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setExpirationTime("2h").sign(key));
  }
  return { dir, tokens };
}

const userId = (i) => `benchuser${String(i).padStart(6, "0")}`;

/** One raw SSE client: connects, subscribes with its token, counts `feed/*` events. */
async function sseClient(url, token, onEvent) {
  const ctl = new AbortController();
  const res = await fetch(url + "/api/realtime", { signal: ctl.signal });
  const reader = res.body.getReader();
  const dec = new TextDecoder();
  let buf = "";
  let clientId;
  let ready;
  const connected = new Promise((r) => (ready = r));
  (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buf += dec.decode(value, { stream: true });
        let end;
        while ((end = buf.indexOf("\n\n")) >= 0) {
          const frame = buf.slice(0, end);
          buf = buf.slice(end + 2);
          const ev = /^event:(.*)$/m.exec(frame)?.[1];
          const data = /^data:(.*)$/m.exec(frame)?.[1] ?? "";
          if (ev === "PB_CONNECT") (clientId = JSON.parse(data).clientId), ready();
          else if (ev === "feed/*") onEvent(JSON.parse(data));
        }
      }
    } catch {}
  })();
  await connected;
  await jsonReq(url + "/api/realtime", "POST", { clientId, subscriptions: ["feed/*"] }, token);
  return () => ctl.abort();
}

function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] : NaN);

async function run(name, cmd, args, tokens) {
  const srv = await start(cmd, args);
  let peakRss = rssMb(srv.child.pid);
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(srv.child.pid))), 500);
  try {
    const { token: admin } = await jsonReq(srv.url + "/api/admins/auth-with-password", "POST", { identity: ADMIN.email, password: ADMIN.password });
    const clientsOf = new Array(USERS).fill(0);
    const sent = new Map(); // title -> [sentAt, owner]
    const received = new Map(); // title -> count
    const latencies = [];
    let unexpected = 0;
    const closers = [];
    for (let i = 0; i < CLIENTS; i += 50) {
      // Connect in batches so the accept queue is not the thing measured.
      const batch = [];
      for (let j = i; j < Math.min(CLIENTS, i + 50); j++) {
        const u = j % USERS;
        clientsOf[u]++;
        batch.push(
          sseClient(srv.url, tokens[u], (e) => {
            const s = sent.get(e.record.title);
            if (!s || s[1] !== u || e.record.owner !== userId(u)) return void unexpected++;
            latencies.push(performance.now() - s[0]);
            received.set(e.record.title, (received.get(e.record.title) ?? 0) + 1);
          }),
        );
      }
      closers.push(...(await Promise.all(batch)));
    }
    const idleRss = rssMb(srv.child.pid);
    // The writer: RATE creates per second, paced per tick, at most 64 in flight.
    let seq = 0;
    let inflight = 0;
    let failed = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < DURATION * 1000) {
      const due = Math.floor(((performance.now() - t0) / 1000) * RATE);
      while (seq < due && inflight < 64) {
        const title = `w${seq++}`;
        const owner = Math.floor(Math.random() * USERS);
        inflight++;
        sent.set(title, [performance.now(), owner]);
        jsonReq(srv.url + "/api/collections/feed/records", "POST", { title, owner: userId(owner) }, admin)
          .catch(() => (failed++, sent.delete(title)))
          .finally(() => inflight--);
      }
      await new Promise((r) => setTimeout(r, 2));
    }
    while (inflight > 0) await new Promise((r) => setTimeout(r, 10));
    // Let the last events arrive.
    let last = -1;
    for (let i = 0; i < 50 && last !== latencies.length; i++) {
      last = latencies.length;
      await new Promise((r) => setTimeout(r, 200));
    }
    let expected = 0;
    let missing = 0;
    for (const [title, [, owner]] of sent) {
      expected += clientsOf[owner];
      missing += Math.max(0, clientsOf[owner] - (received.get(title) ?? 0));
    }
    latencies.sort((a, b) => a - b);
    for (const close of closers) close();
    return {
      server: name,
      clients: CLIENTS,
      writes: sent.size,
      writesPerSec: +(sent.size / DURATION).toFixed(1),
      failedWrites: failed,
      expected,
      delivered: latencies.length,
      missing,
      unexpected,
      p50ms: +pct(latencies, 50).toFixed(1),
      p99ms: +pct(latencies, 99).toFixed(1),
      idleRssMb: +idleRss.toFixed(1),
      peakRssMb: +peakRss.toFixed(1),
    };
  } finally {
    clearInterval(sampler);
    await stop(srv.child);
  }
}

const { dir, tokens } = await seed();
const results = [];
try {
  for (const [name, cmd, args] of [
    ["reference", PB, ["serve", "--dir", "DIR", ...FLAGS]],
    ["cairn", "node", [CAIRN, "serve", "--dir", "DIR"]],
  ]) {
    if (only && only !== name) continue;
    const copy = mkdtempSync(path.join(tmpdir(), `rt-${name}-`));
    cpSync(dir, copy, { recursive: true });
    try {
      results.push(await run(name, cmd, args.map((a) => (a === "DIR" ? copy : a)), tokens));
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`realtime fan-out: ${CLIENTS} SSE clients over ${USERS} users, ${RATE} creates/s for ${DURATION}s, list rule owner = @request.auth.id`);
console.table(results);
