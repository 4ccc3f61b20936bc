import { beforeAll, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import path from "node:path";
import { differential, type DiffCase } from "../../../test/support/differential.js";
import { call, mask, type Call } from "../../../test/support/client.js";
import type { RunningServer } from "../../../test/support/servers.js";

/** A day `n` days ago (UTC, `YYYY-MM-DD`): seeded logs stay within both servers' retention (5 days). */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const DAY = daysAgo(1);

/** Logs seeded into both servers' logs.db, so list/view/stats answers can be compared exactly. */
const SEED = [
  { id: "seed1aaaaaaaaaa", level: 0, message: "GET /seed/a", data: { auth: "guest", status: 200, type: "request", url: "/seed/a" }, created: `${DAY} 03:15:00.000Z` },
  { id: "seed2aaaaaaaaaa", level: 8, message: "GET /seed/b", data: { auth: "admin", status: 404, type: "request", url: "/seed/b", error: "x" }, created: `${DAY} 03:59:59.999Z` },
  { id: "seed3aaaaaaaaaa", level: 4, message: "seed warn", data: { type: "app", nested: { k: [1, 2] } }, created: `${DAY} 04:00:00.000Z` },
  { id: "seed4aaaaaaaaaa", level: -4, message: "seed debug", data: {}, created: `${daysAgo(3)} 23:00:00.000Z` },
];
const SEEDED = encodeURIComponent("message ~ 'seed'");
const q = encodeURIComponent;

const cases: DiffCase[] = [
  { name: "list: guest", req: () => ({ path: "/api/logs" }) },
  { name: "list: bad token", req: () => ({ path: "/api/logs", token: "garbage" }) },
  { name: "view: guest", req: () => ({ path: "/api/logs/seed1aaaaaaaaaa" }) },
  { name: "stats: guest", req: () => ({ path: "/api/logs/stats" }) },
  { name: "list: seeded, -rowid", req: (c) => ({ path: `/api/logs?filter=${SEEDED}&sort=-rowid`, token: c.token }) },
  { name: "list: seeded, created, paged", req: (c) => ({ path: `/api/logs?filter=${SEEDED}&sort=created&perPage=2&page=2`, token: c.token }) },
  { name: "list: skipTotal", req: (c) => ({ path: `/api/logs?filter=${SEEDED}&sort=rowid&skipTotal=1&perPage=1`, token: c.token }) },
  { name: "list: data key filter", req: (c) => ({ path: `/api/logs?filter=${q("data.auth != 'admin' && data.type = 'request' && message ~ 'seed'")}`, token: c.token }) },
  { name: "list: level filter, -level sort", req: (c) => ({ path: `/api/logs?filter=${q("level >= 0 && message ~ 'seed'")}&sort=-level`, token: c.token }) },
  { name: "list: unknown data key", req: (c) => ({ path: `/api/logs?filter=${q("data.nope = 1")}`, token: c.token }) },
  { name: "list: malformed filter", req: (c) => ({ path: `/api/logs?filter=${q("(level >")}`, token: c.token }) },
  { name: "list: unknown field", req: (c) => ({ path: "/api/logs?filter=foo%3D1", token: c.token }) },
  { name: "list: unknown sort", req: (c) => ({ path: "/api/logs?sort=nope", token: c.token }) },
  { name: "list: @rowid is rejected", req: (c) => ({ path: "/api/logs?sort=%40rowid", token: c.token }) },
  { name: "view", req: (c) => ({ path: "/api/logs/seed3aaaaaaaaaa", token: c.token }) },
  { name: "view: trailing slash lists", req: (c) => ({ path: `/api/logs/?filter=${SEEDED}&sort=rowid`, token: c.token }) },
  { name: "view: missing", req: (c) => ({ path: "/api/logs/missing", token: c.token }) },
  { name: "stats: seeded", req: (c) => ({ path: `/api/logs/stats?filter=${SEEDED}`, token: c.token }) },
  { name: "stats: data filter", req: (c) => ({ path: `/api/logs/stats?filter=${q("data.type = 'request' && message ~ 'seed'")}`, token: c.token }) },
  { name: "stats: nothing matches", req: (c) => ({ path: "/api/logs/stats?filter=level%3E100", token: c.token }) },
  { name: "stats: all (shape)", req: (c) => ({ path: "/api/logs/stats", token: c.token }), compare: "shape" },
  { name: "stats: malformed filter", req: (c) => ({ path: `/api/logs/stats?filter=${q("(level >")}`, token: c.token }) },
  { name: "stats: unknown field", req: (c) => ({ path: "/api/logs/stats?filter=nofield%3D1", token: c.token }) },
];

/** Requests whose own log entries must match; every URL carries "probe" to find them afterwards. */
const PROBES = (token: string): Call[] => [
  { path: "/api/nope/probe%20a/?x=%2Fy+z" },
  { path: "/api/logs?probe=1" },
  { method: "POST", path: "/api/admins/auth-with-password?probe=1", body: {} },
  { path: "/api/logs/missing?probe=1", token },
  { path: "/api/admins?probe=1&perPage=1", token, headers: { "x-real-ip": "9.9.9.9", referer: "http://probe.test/r", "user-agent": "probe-agent" } },
  { path: "/api/admins?probe=2", headers: { "x-forwarded-for": "4.4.4.4, 5.5.5.5" } },
  // Successful calls the reference does not log.
  { path: "/api/health?probe=1" },
  { method: "HEAD", path: "/api/health?probe=1" },
  { path: "/api/logs?probe=1", token },
  { path: "/api/logs/stats?probe=1", token },
  { method: "OPTIONS", path: "/api/admins?probe=1", headers: { origin: "http://x.test", "access-control-request-method": "GET" } },
];

describe("logs API (differential)", () => {
  const { servers } = differential(cases);

  beforeAll(async () => {
    const { cairn, ref } = servers();
    const INSERT = 'INSERT INTO "_logs" ("id", "level", "message", "data", "created", "updated") VALUES (?, ?, ?, ?, ?, ?)';
    const row = (r: (typeof SEED)[number]) => [r.id, r.level, r.message, JSON.stringify(r.data), r.created, r.created];
    const db = new Database(path.join(ref.dataDir, "logs.db"));
    for (const r of SEED) db.prepare(INSERT).run(...row(r));
    db.close();
    // Through Cairn's own logs database: its logs.db file, or PostgreSQL under CAIRN_TEST_DB=postgres.
    for (const r of SEED) await cairn.app.logsDb.run(INSERT, row(r));
  });

  it("request logs: same entries for the same requests", async () => {
    const { cairn, ref } = servers();
    const token = await signIn(ref);
    for (const s of [ref, cairn]) for (const c of PROBES(token)) await call(s, c);

    const list = (s: RunningServer) =>
      call(s, { path: `/api/logs?filter=${q("data.url ~ 'probe'")}&sort=rowid`, token }).then((a) => (a.body as { items: unknown[] }).items);
    // The reference writes its log batches every few seconds.
    let refItems: unknown[] = [];
    for (let i = 0; i < 100 && refItems.length < 6; i++) {
      await new Promise((r) => setTimeout(r, 250));
      refItems = await list(ref);
    }
    // Cairn logs in the onResponse hook, which can run just after the client got its answer.
    let cairnItems: unknown[] = [];
    for (let i = 0; i < 100 && cairnItems.length < 6; i++) {
      await cairn.app.logs.flush();
      cairnItems = await list(cairn);
      if (cairnItems.length < 6) await new Promise((r) => setTimeout(r, 50));
    }
    expect(refItems).toHaveLength(6);
    // The reference logs each request from its own goroutine, so two requests in a row may be
    // written in either order: compare the entries ordered by their (unique) URLs.
    refItems = byUrl(refItems);
    cairnItems = byUrl(cairnItems);
    expect(mask(cairnItems)).toEqual(mask(refItems));
    // The masked values, compared where they are deterministic.
    const pick = (items: unknown[]) =>
      (items as { data: Record<string, unknown> }[]).map((i) => [i.data.remoteIp, i.data.userIp, i.data.userAgent]);
    expect(pick(cairnItems)).toEqual(pick(refItems));
  }, 60_000);
});

function byUrl(items: unknown[]): unknown[] {
  const url = (i: unknown) => String((i as { data: { url: string } }).data.url);
  return [...items].sort((a, b) => url(a).localeCompare(url(b)));
}

async function signIn(s: RunningServer): Promise<string> {
  const res = await call(s, { method: "POST", path: "/api/admins/auth-with-password", body: { identity: "admin@example.com", password: "1234567890" } });
  return (res.body as { token: string }).token;
}
