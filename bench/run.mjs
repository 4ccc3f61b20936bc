// Side-by-side HTTP benchmarks: Cairn vs the reference binary (PocketBase v0.22.20) on copies of
// the same seeded data directory (bench/seed.mjs). Prints requests/second and p50/p99 latency for
// each, the ratio Cairn/reference, and the geometric mean of the ratios. CPU time per request
// (from /proc, user + system, all threads) is printed too: on a shared machine it moves less
// than throughput does.
// Each measured run is preceded by an unmeasured warm-up of the same requests (--warmup seconds,
// default 1), so neither server is measured while its code paths are still cold (Node's JIT
// compiles the hot paths during the first second of load).
// Usage: npm run bench [-- --duration 5 --connections 20 --only health,delete --rounds 2 --warmup 1 --prof DIR
//   --postgres --nodes 2,3]
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { arg, CAIRN, FLAGS, jsonReq, PB } from "./common.mjs";
import { scenarios } from "./scenarios.mjs";
import { ADMIN, USER, seedPosts } from "./seed.mjs";
import { startBalancer, startPostgres } from "./postgres.mjs";
import { start, stop } from "./servers.mjs";


const duration = Number(arg("duration", "5"));
const connections = Number(arg("connections", "20"));
// --only a,b: the scenarios whose name contains any of the comma-separated words.
const only = arg("only", "").split(",").map((w) => w.trim()).filter(Boolean);
// --prof DIR: run Cairn under `node --cpu-prof` and write its profile to DIR when it stops.
const prof = arg("prof", "");
// --rounds N: measure each scenario N times per server, alternating which goes first, and keep
// the best figure (the machine is shared; the best run is the least disturbed one).
const rounds = Math.max(1, Number(arg("rounds", "1")));
const warmup = Math.max(0, Number(arg("warmup", "1")));

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

// s.auth: "admin" | "user" | "guest" (default guest); s.body: object sent as JSON; `sent` counts
// this scenario's requests on this server across rounds (for s.pathFor). Resolves to autocannon's
// result for the run, with `cpuUs`: the server's CPU microseconds per answered request.
async function measure(url, s, tokens, sent, pids) {
  const headers = {};
  if (s.auth && s.auth !== "guest") {
    if (!tokens[s.auth]) throw new Error(`${s.name}: unknown auth kind ${s.auth}`);
    headers.authorization = tokens[s.auth];
  }
  if (s.body !== undefined) headers["content-type"] = "application/json";
  const nextPath = () => {
    if (s.limit !== undefined && sent.n >= s.limit) throw new Error(`${s.name}: more than ${s.limit} requests; seed more rows or shorten the run`);
    return s.pathFor(sent.n++);
  };
  const run = (seconds) =>
    autocannon({
      url: url + (s.path ?? ""),
      method: s.method ?? "GET",
      headers,
      body: s.body === undefined ? undefined : JSON.stringify(s.body),
      requests: s.pathFor ? [{ setupRequest: (req) => ({ ...req, path: nextPath() }) }] : undefined,
      connections,
      duration: seconds,
    });
  if (warmup > 0) await run(warmup);
  // pids may be a function: the database server's processes are read again at each end of the run.
  const cpuOf = () => (typeof pids === "function" ? pids() : pids).reduce((sum, p) => sum + cpuMs(p), 0);
  const cpuBefore = cpuOf();
  const result = await run(s.duration ?? duration);
  const answered = result["2xx"] + result.non2xx;
  result.cpuUs = answered ? ((cpuOf() - cpuBefore) * 1000) / answered : NaN;
  // Nothing at all answered within the run (a loaded machine and slow requests): a zero, not a failure.
  if (result["2xx"] === 0 && result.non2xx === 0) console.warn(`warning: ${s.name}: no answer from ${url} within the run (errors=${result.errors}, timeouts=${result.timeouts})`);
  else if (result["2xx"] === 0) throw new Error(`${s.name}: no 2xx answers from ${url} (non2xx=${result.non2xx})`);
  if (result.non2xx > 0) console.warn(`warning: ${s.name}: ${result.non2xx} non-2xx answers from ${url}`);
  return result;
}

/**
 * CPU time a process and its ended children have used so far, in ms (Linux: utime + stime +
 * cutime + cstime of /proc/PID/stat, in clock ticks of 10 ms). The children's share counts the
 * database backends that a pool closed during the run: the postmaster has reaped them.
 */
function cpuMs(pid) {
  let stat;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return 0; // a database backend that ended meanwhile
  }
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10;
}

/** The better of two autocannon results by throughput (the least disturbed run). */
const best = (a, b) => (!a || b.requests.average > a.requests.average ? b : a);

// --postgres: Cairn on PostgreSQL as a third server (the seeded data directory copied in with
// `cairn db copy`); --nodes 2,3: also that many Cairn nodes on one PostgreSQL database behind
// HAProxy, measured through the balancer. CPU per request on PostgreSQL sums Cairn's processes,
// the database server's and the balancer's: the whole machine's work for the answer.
const nodeCounts = arg("nodes", "").split(",").map(Number).filter((n) => n >= 2);
const withPostgres = process.argv.includes("--postgres") || nodeCounts.length > 0;

/** Every server measured: `{ label, url, pids, stop }`; the reference first. */
async function startTargets(dir, base) {
  const startOpts = { timeoutMs: 60_000 }; // a loaded machine can take well over 10 s to start Node
  const copyOf = (name) => (cpSync(dir, path.join(base, name), { recursive: true }), path.join(base, name));
  const targets = [];
  const add = (label, servers, extra = {}) => targets.push({ label, url: servers[0].url, pids: servers.map((x) => x.child.pid), stop: () => Promise.all(servers.map((x) => stop(x.child))), ...extra });
  add("reference", [await start(PB, ["serve", "--dir", copyOf("ref"), ...FLAGS], startOpts)]);
  const profArgs = prof ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(prof)] : [];
  add("Cairn", [await start("node", [...profArgs, CAIRN, "serve", "--dir", copyOf("cairn")], startOpts)]);
  if (!withPostgres) return targets;
  const pg = await startPostgres();
  targets.push({ label: "postgres", url: "", pids: [], stop: async () => pg.stop(), hidden: true });
  const database = (name) => {
    const url = pg.database(name);
    execFileSync("node", [CAIRN, "db", "copy", "--from", dir, "--to", url], { stdio: "ignore" });
    return url;
  };
  const pgUrl = database("cairn_single");
  // CPU per request on PostgreSQL counts the database server's processes too (they do the query work).
  const single = await start("node", [CAIRN, "serve", "--db", pgUrl, "--dir", path.join(base, "pg1")], startOpts);
  targets.push({ label: "Cairn on PostgreSQL", url: single.url, pids: () => [single.child.pid, ...pg.pids()], stop: () => stop(single.child) });
  for (const n of nodeCounts) {
    const url = database(`cairn_nodes${n}`);
    const nodes = [];
    for (let i = 0; i < n; i++) nodes.push(await start("node", [CAIRN, "serve", "--db", url, "--dir", path.join(base, `pg${n}nodes`)], startOpts));
    const lb = await startBalancer(nodes.map((x) => x.url));
    targets.push({ label: `${n} nodes on PostgreSQL`, url: lb.url, pids: () => [...nodes.map((x) => x.child.pid), lb.child.pid, ...pg.pids()], stop: async () => (lb.stop(), await Promise.all(nodes.map((x) => stop(x.child)))) });
  }
  return targets;
}

async function main() {
  const base = mkdtempSync(path.join(tmpdir(), "cairn-bench-"));
  const all = [];
  try {
    const dir = await seedPosts(path.join(base, "seed"));
    all.push(...(await startTargets(dir, base)));
    const targets = all.filter((t) => !t.hidden);
    const [ref, ...cairns] = targets;
    const signIn = async (url) => ({
      admin: (await jsonReq(url + "/api/admins/auth-with-password", "POST", { identity: ADMIN.email, password: ADMIN.password })).token,
      user: (await jsonReq(url + "/api/collections/users/auth-with-password", "POST", { identity: USER.username, password: USER.password })).token,
    });
    for (const t of targets) {
      t.tokens = await signIn(t.url);
      // Sanity: every server sees the same data through the relation rule.
      const r = await jsonReq(t.url + "/api/collections/posts/records?perPage=1", "GET", undefined, t.tokens.user);
      console.log(`${t.label}: posts visible to ${USER.username}: ${r.totalItems}`);
    }
    const rows = [];
    const picked = scenarios.filter((x) => only.length === 0 || only.some((w) => x.name.includes(w)));
    for (const s of picked) {
      if ((s.method ?? "GET") === "GET" && s.compare !== false) for (const c of cairns) await compare(s, ref.url, c.url, { ref: ref.tokens, cairn: c.tokens });
      const results = targets.map(() => undefined);
      const sent = targets.map(() => ({ n: 0 }));
      for (let i = 0; i < rounds; i++) {
        // Alternate which server goes first (the machine is shared).
        const order = targets.map((_, k) => k);
        if (i % 2 === 1) order.reverse();
        for (const k of order) results[k] = best(results[k], await measure(targets[k].url, s, targets[k].tokens, sent[k], targets[k].pids));
      }
      const row = { scenario: s.name, results: results.map((r) => ({ rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, cpu: Math.round(r.cpuUs), ratio: r.requests.average / results[0].requests.average })) };
      rows.push(row);
      console.log(`${s.name.padEnd(36)} ` + row.results.map((x, k) => `${targets[k].label} ${x.rps} (${x.p50}/${x.p99} ms, ${x.cpu} µs CPU)${k ? ` ×${x.ratio.toFixed(2)}` : ""}`).join("  "));
    }
    console.log(`\n(${connections} connections, ${duration}s per run unless noted, best of ${rounds}, ${warmup}s warm-up before each run, ${os.cpus().length} cores; load average ${os.loadavg().map((x) => x.toFixed(1)).join(" ")})`);
    const head = ["scenario", ...targets.map((t) => `${t.label} req/s`), ...cairns.map((t) => `${t.label} ratio`), ...targets.map((t) => `${t.label} p50 / p99 ms`), `CPU µs/request ${targets.map((t) => t.label).join(" / ")}`];
    console.log(`| ${head.join(" | ")} |\n|${head.map(() => "---").join("|")}|`);
    for (const x of rows) {
      const r = x.results;
      console.log(`| ${[x.scenario, ...r.map((y) => y.rps), ...r.slice(1).map((y) => y.ratio.toFixed(2)), ...r.map((y) => `${y.p50} / ${y.p99}`), r.map((y) => y.cpu).join(" / ")].join(" | ")} |`);
    }
    const means = cairns.map((_, k) => {
      const rated = rows.map((x) => x.results[k + 1].ratio).filter((v) => Number.isFinite(v) && v > 0);
      return `${Math.exp(rated.reduce((sum, v) => sum + Math.log(v), 0) / rated.length).toFixed(2)}${rated.length < rows.length ? ` (${rows.length - rated.length} scenarios without an answer left out)` : ""}`;
    });
    console.log(`| geometric mean of ratios (${rows.length} scenarios) | ${targets.map(() => "").join(" | ")} | ${means.join(" | ")} | ${targets.map(() => "").join(" | ")} | |`);
  } finally {
    for (const t of all.reverse()) await t.stop();
    rmSync(base, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
