import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../../test/support/client.js";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";
import { startHaproxyCluster, type HaproxyCluster } from "../../test/support/haproxyCluster.js";
import { freshDatabase } from "../../test/support/postgres.js";
import { openSse, until } from "../../test/support/sse.js";
import { createApp, type App } from "../app.js";
import { SYSTEM_CALLER } from "../auth/caller.js";
import type { Settings } from "../models/settings.js";
import { parseFirstJsonValue } from "../tools/goJson.js";

/**
 * Three `cairn serve --db …` processes on one fresh PostgreSQL database behind HAProxy
 * (round-robin per request) act as one server: realtime across nodes, subscription calls landing
 * anywhere, rate limits counted once, one auto backup per schedule, and a kill -9 during writes
 * that loses no acknowledged write.
 */
describe("three nodes behind HAProxy", { timeout: 240_000 }, () => {
  let cluster: HaproxyCluster;
  /**
   * What an operator's one-off command does beside the servers (`cairn … --db`): the same
   * services over the same database, never leading. Collections and settings are changed through
   * it, so the nodes learn of them over the bus only.
   */
  let tool: App;
  /** When auto backups were turned on (every minute; their test checks the count later). */
  let cronSetAt = 0;
  const lb = () => cluster.balancer;
  const saveSettings = (change: (s: Settings) => Settings) => tool.settings.update(change);

  beforeAll(async () => {
    const url = await freshDatabase();
    cluster = await startHaproxyCluster(url, 3);
    tool = await createApp({ dataDir: tempDir("cairn-tool-"), databaseUrl: url, oneOff: true });
    const body = { name: "posts", type: "base", schema: [{ name: "title", type: "text" }], listRule: "", viewRule: "", createRule: "" };
    await tool.collections.create(SYSTEM_CALLER, () => parseFirstJsonValue(JSON.stringify(body)));
    // Auto backups every minute from now on, so their wait overlaps the other tests.
    await saveSettings((s) => ({ ...s, backups: { ...s.backups, cron: "* * * * *", cronMaxKeep: 10 } }));
    cronSetAt = Date.now();
  }, 180_000);

  afterAll(async () => {
    await tool?.close();
    await cluster?.stop();
    cleanupTempDirs();
  });

  it("balances requests over every node", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) seen.add((await call(lb(), { path: "/api/health" })).headers.get("x-node") ?? "");
    expect([...seen].sort()).toEqual(["n1", "n2", "n3"]);
  });

  it("sees a collection made elsewhere on every node within a second", async () => {
    const body = { name: "notes", type: "base", schema: [{ name: "t", type: "text" }], listRule: "" };
    await tool.collections.create(SYSTEM_CALLER, () => parseFirstJsonValue(JSON.stringify(body)));
    await new Promise((r) => setTimeout(r, 1000));
    for (const n of cluster.nodes) expect((await call(n, { path: "/api/collections/notes/records" })).status, n.label).toBe(200);
  });

  it("delivers a write on one node to a subscriber on another, subscribed through the balancer", async () => {
    const [a, b] = cluster.nodes;
    const sse = await openSse(a);
    try {
      // Three subscription calls through the balancer: at least two land on other nodes than a.
      const landed = new Set<string>();
      for (let i = 0; i < 3; i++) {
        const res = await call(lb(), { method: "POST", path: "/api/realtime", body: { clientId: sse.clientId, subscriptions: ["posts"] } });
        expect(res.status, JSON.stringify(res.body)).toBe(204);
        landed.add(res.headers.get("x-node") ?? "");
      }
      expect([...landed].filter((n) => n !== a.label).length).toBeGreaterThan(0);
      // A missing client is 404 wherever the call lands.
      const missing = await call(lb(), { method: "POST", path: "/api/realtime", body: { clientId: sse.clientId.slice(0, 12) + "x".repeat(28), subscriptions: [] } });
      expect(missing.status).toBe(404);

      const created = await call(b, { method: "POST", path: "/api/collections/posts/records", body: { title: "from b" } });
      expect(created.status).toBe(200);
      const id = (created.body as { id: string }).id;
      await until(() => sse.messages.some((m) => m.event === "posts" && m.data.includes(id)), 3000, "the event from node b");
      const msg = sse.messages.find((m) => m.event === "posts")!;
      expect(JSON.parse(msg.data)).toMatchObject({ action: "create", record: { id, title: "from b", collectionName: "posts" } });

      // Several writes from two nodes arrive in order, once each.
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const n = cluster.nodes[1 + (i % 2)];
        ids.push(((await call(n, { method: "POST", path: "/api/collections/posts/records", body: { title: `w${i}` } })).body as { id: string }).id);
      }
      await until(() => ids.every((x) => sse.messages.some((m) => m.data.includes(x))), 3000, "the six events");
      const order = sse.messages.filter((m) => m.event === "posts").map((m) => (JSON.parse(m.data) as { record: { id: string } }).record.id);
      expect(order.slice(1)).toEqual(ids);
    } finally {
      sse.close();
    }
  });

  it("forwards the OAuth2 redirect that lands on another node to the waiting client", async () => {
    const [a, b] = cluster.nodes;
    const sse = await openSse(a);
    try {
      expect((await call(lb(), { method: "POST", path: "/api/realtime", body: { clientId: sse.clientId, subscriptions: ["@oauth2"] } })).status).toBe(204);
      const res = await fetch(`${b.url}/api/oauth2-redirect?state=${sse.clientId}&code=abc`, { redirect: "manual" });
      expect(res.status).toBe(307);
      expect(res.headers.get("location")).toContain("oauth2-redirect-success");
      await until(() => sse.messages.some((m) => m.event === "@oauth2"), 3000, "the redirect on node a");
      expect(JSON.parse(sse.messages.find((m) => m.event === "@oauth2")!.data)).toEqual({ state: sse.clientId, code: "abc" });
    } finally {
      sse.close();
    }
  });

  it("counts a rate limit once across nodes, the rule saved elsewhere", async () => {
    // Not /api/health: HAProxy's health checks would count there.
    await saveSettings((s) => ({ ...s, rateLimits: { enabled: true, rules: [{ label: "posts:list", maxRequests: 4, duration: 60, audience: "@guest" }] } }));
    // Within a second every node has the rule.
    await new Promise((r) => setTimeout(r, 1000));
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await call(lb(), { path: "/api/collections/posts/records?perPage=1" })).status);
    // Alone, each node would have let 4 through (12 in all).
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429]);
    await saveSettings((s) => ({ ...s, rateLimits: { enabled: false, rules: [] } }));
    await new Promise((r) => setTimeout(r, 1000));
  });

  it("starts one auto backup per schedule, on the leader only", async () => {
    // A run either leaves a zip or says it failed; either way one node, not three, started it.
    const started = () =>
      cluster.nodes.flatMap((n) => list(path.join(n.dataDir, "backups")).filter((f) => f.endsWith(".zip"))).length +
      cluster.nodes.reduce((k, n) => k + (n.output().match(/auto backup failed/g)?.length ?? 0), 0);
    // Turn them off at least 15 s after a run started (time to finish) and 15 s before the next,
    // once at least one minute has begun since they were turned on.
    const firstRun = cronSetAt - (cronSetAt % 60_000) + 60_000;
    const quiet = () => {
      const now = Date.now();
      return now >= firstRun + 15_000 && now % 60_000 >= 15_000 && now % 60_000 <= 45_000;
    };
    await until(quiet, 120_000, "a quiet moment after a run");
    await saveSettings((s) => ({ ...s, backups: { ...s.backups, cron: "" } }));
    const runs = Math.floor(Date.now() / 60_000) - Math.floor(cronSetAt / 60_000);
    expect(runs).toBeGreaterThan(0);
    expect(started()).toBe(runs);
  });

  it("loses no acknowledged write when a node is killed during writes, and the others keep serving", async () => {
    const victim = cluster.nodes[2];
    const acknowledged: string[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const res = await call(lb(), { method: "POST", path: "/api/collections/posts/records", body: { title: `k${w}-${i}` } });
          if (res.status === 200) acknowledged.push((res.body as { id: string }).id);
        } catch {
          // A connection cut by the kill: not acknowledged.
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await until(() => acknowledged.length >= 20, 20_000, "writes before the kill");
    victim.kill();
    const atKill = acknowledged.length;
    await new Promise((r) => setTimeout(r, 3000));
    stop = true;
    await Promise.all(writers);
    // The survivors went on acknowledging writes after the kill.
    expect(acknowledged.length).toBeGreaterThan(atKill + 10);
    for (const n of cluster.nodes.slice(0, 2)) expect((await call(n, { path: "/api/health" })).status, n.label).toBe(200);
    for (const id of acknowledged) {
      const res = await call(lb(), { path: `/api/collections/posts/records/${id}` });
      expect(res.status, id).toBe(200);
    }
  });
});

function list(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
