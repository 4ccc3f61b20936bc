// Side-by-side HTTP benchmarks: Cairn vs the reference binary (PocketBase v0.22.20) on copies of
// the same seeded data directory (bench/seed.mjs). Prints requests/second and p50/p99 latency for
// each, the ratio Cairn/reference, and the geometric mean of the ratios. CPU time per request
// (from /proc, user + system, all threads) is printed too: on a shared machine it moves less
// than throughput does.
// Each measured run is preceded by an unmeasured warm-up of the same requests (--warmup seconds,
// default 1), so neither server is measured while its code paths are still cold (Node's JIT
// compiles the hot paths during the first second of load).
// Usage: npm run bench [-- --duration 5 --connections 20 --only health,delete --rounds 2 --warmup 1 --prof DIR]
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { arg, CAIRN, FLAGS, jsonReq, PB } from "./common.mjs";
import { scenarios } from "./scenarios.mjs";
import { ADMIN, USER, seedPosts } from "./seed.mjs";
import { start } from "./servers.mjs";


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
async function measure(url, s, tokens, sent, pid) {
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
  const cpuBefore = cpuMs(pid);
  const result = await run(s.duration ?? duration);
  const answered = result["2xx"] + result.non2xx;
  result.cpuUs = answered ? ((cpuMs(pid) - cpuBefore) * 1000) / answered : NaN;
  // Nothing at all answered within the run (a loaded machine and slow requests): a zero, not a failure.
  if (result["2xx"] === 0 && result.non2xx === 0) console.warn(`warning: ${s.name}: no answer from ${url} within the run (errors=${result.errors}, timeouts=${result.timeouts})`);
  else if (result["2xx"] === 0) throw new Error(`${s.name}: no 2xx answers from ${url} (non2xx=${result.non2xx})`);
  if (result.non2xx > 0) console.warn(`warning: ${s.name}: ${result.non2xx} non-2xx answers from ${url}`);
  return result;
}

/** CPU time a process has used so far, in ms (Linux: utime + stime of /proc/PID/stat, in clock ticks of 10 ms). */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The better of two autocannon results by throughput (the least disturbed run). */
const best = (a, b) => (!a || b.requests.average > a.requests.average ? b : a);

async function main() {
  const base = mkdtempSync(path.join(tmpdir(), "cairn-bench-"));
  try {
    const dir = await seedPosts(path.join(base, "seed"));
    const refDir = path.join(base, "ref");
    const cairnDir = path.join(base, "cairn");
    cpSync(dir, refDir, { recursive: true });
    cpSync(dir, cairnDir, { recursive: true });

    // A loaded machine can take well over the default 10 s to start Node.
    const startOpts = { timeoutMs: 60_000 };
    const ref = await start(PB, ["serve", "--dir", refDir, ...FLAGS], startOpts);
    const profArgs = prof ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(prof)] : [];
    const cairn = await start("node", [...profArgs, CAIRN, "serve", "--dir", cairnDir], startOpts);
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
      const picked = scenarios.filter((x) => only.length === 0 || only.some((w) => x.name.includes(w)));
      for (const s of picked) {
        if ((s.method ?? "GET") === "GET" && s.compare !== false) await compare(s, ref.url, cairn.url, tokens);
        let r;
        let c;
        const sent = { ref: { n: 0 }, cairn: { n: 0 } };
        for (let i = 0; i < rounds; i++) {
          if (i % 2 === 0) {
            r = best(r, await measure(ref.url, s, tokens.ref, sent.ref, ref.child.pid));
            c = best(c, await measure(cairn.url, s, tokens.cairn, sent.cairn, cairn.child.pid));
          } else {
            c = best(c, await measure(cairn.url, s, tokens.cairn, sent.cairn, cairn.child.pid));
            r = best(r, await measure(ref.url, s, tokens.ref, sent.ref, ref.child.pid));
          }
        }
        const row = {
          scenario: s.name,
          cairn: Math.round(c.requests.average), ref: Math.round(r.requests.average),
          cairnP50: c.latency.p50, cairnP99: c.latency.p99, refP50: r.latency.p50, refP99: r.latency.p99,
          ratio: c.requests.average / r.requests.average,
          cairnCpu: Math.round(c.cpuUs), refCpu: Math.round(r.cpuUs),
        };
        rows.push(row);
        console.log(
          `${s.name.padEnd(36)} cairn ${String(row.cairn).padStart(6)} p50/p99 ${row.cairnP50}/${row.cairnP99} ms` +
            `  reference ${String(row.ref).padStart(6)} p50/p99 ${row.refP50}/${row.refP99} ms  ratio ${row.ratio.toFixed(2)}` +
            `  CPU µs/request ${row.cairnCpu} vs ${row.refCpu}`,
        );
      }
      const rated = rows.filter((x) => Number.isFinite(x.ratio) && x.ratio > 0);
      const geomean = Math.exp(rated.reduce((sum, x) => sum + Math.log(x.ratio), 0) / rated.length);
      console.log(`\n(${connections} connections, ${duration}s per run unless noted, best of ${rounds}, ${warmup}s warm-up before each run, ${os.cpus().length} cores; load average ${os.loadavg().map((x) => x.toFixed(1)).join(" ")})`);
      console.log("| scenario | Cairn req/s | reference req/s | ratio | Cairn p50 / p99 ms | reference p50 / p99 ms | CPU µs/request Cairn / reference |\n|---|---|---|---|---|---|---|");
      for (const x of rows) console.log(`| ${x.scenario} | ${x.cairn} | ${x.ref} | ${x.ratio.toFixed(2)} | ${x.cairnP50} / ${x.cairnP99} | ${x.refP50} / ${x.refP99} | ${x.cairnCpu} / ${x.refCpu} |`);
      console.log(`| geometric mean of ratios (${rated.length} scenarios${rated.length < rows.length ? `; ${rows.length - rated.length} without an answer left out` : ""}) | | | ${geomean.toFixed(2)} | | | |`);
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
