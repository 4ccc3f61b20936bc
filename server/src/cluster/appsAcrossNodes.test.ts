import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupTempDirs, tempDir } from "../../test/support/dataDirs.js";
import { freshDatabase } from "../../test/support/postgres.js";
import { createApp, type App } from "../app.js";
import { guestCaller, SYSTEM_CALLER } from "../auth/caller.js";
import type { SseSink } from "../realtime/client.js";
import { parseFirstJsonValue } from "../tools/goJson.js";

/**
 * Three apps (nodes) in one process on one PostgreSQL database, wired as `cairn serve --db`
 * wires them, driven through their services: what one node changes, the others see and announce.
 * (The same over HTTP, with HAProxy and kill -9: multiNode.test.ts.)
 */
describe("three apps on one PostgreSQL database", { timeout: 60_000 }, () => {
  let apps: App[];

  beforeAll(async () => {
    const url = await freshDatabase();
    apps = [];
    // One after the other: the first creates the schema.
    for (let i = 0; i < 3; i++) apps.push(await createApp({ dataDir: tempDir("cairn-node-"), databaseUrl: url }));
  }, 60_000);

  afterAll(async () => {
    for (const a of apps ?? []) await a.close();
    cleanupTempDirs();
  });

  const until = async (cond: () => boolean | Promise<boolean>, ms = 2000, what = "condition") => {
    const end = Date.now() + ms;
    while (!(await cond())) {
      if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it("delivers a record written on one node to a realtime client of another, subscribed through a third", async () => {
    const [a, b, c] = apps;
    const body = { name: "posts", type: "base", schema: [{ name: "title", type: "text" }], listRule: "", viewRule: "", createRule: "" };
    await a.collections.create(SYSTEM_CALLER, () => parseFirstJsonValue(JSON.stringify(body)));
    // Every node knows the collection within a second.
    await until(async () => !!(await b.collections.find("posts")) && !!(await c.collections.find("posts")), 1000, "the collection everywhere");

    const frames: string[] = [];
    const sink: SseSink = { write: (s) => void frames.push(s), buffered: () => 0, close: () => undefined };
    const client = a.realtime.connect(sink);
    await b.realtime.subscribe({ clientId: client.id, subscriptions: ["posts"] }, { admin: null, record: null });
    expect([...client.subscriptions.keys()]).toEqual(["posts"]);

    const posts = (await c.collections.find("posts"))!;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await apps[1 + (i % 2)].records.create(posts, { data: { title: `t${i}` }, files: new Map() }, guestCaller());
      ids.push(String(r.id));
    }
    const events = () => frames.join("").split("\n\n").filter((f) => f.includes("event:posts"));
    await until(() => events().length === 5, 3000, "five events on node a");
    const got = events().map((f) => JSON.parse(f.slice(f.indexOf("data:") + 5)) as { action: string; record: { id: string; title: string } });
    expect(got.map((e) => e.record.id)).toEqual(ids);
    expect(got[0]).toMatchObject({ action: "create", record: { title: "t0", collectionName: "posts" } });
  });

  it("applies a settings change made on one node to every node's rate limits, counted once", async () => {
    const [a, b, c] = apps;
    await a.settings.update((s) => ({ ...s, rateLimits: { enabled: true, rules: [{ label: "/api/x", maxRequests: 3, duration: 60, audience: "" }] } }));
    await until(() => b.settings.get().rateLimits.enabled && c.settings.get().rateLimits.enabled, 1000, "the rule everywhere");
    const req = { method: "GET", paths: ["/api/x"], tags: [], authId: "", ip: "10.0.0.1" };
    const hits = [];
    for (const app of [a, b, c, a, b]) hits.push((await app.rateLimits.hit(req)) === null ? "ok" : "refused");
    expect(hits).toEqual(["ok", "ok", "ok", "refused", "refused"]);
  });

  it("runs a scheduled auto backup on one node only (the leader), whichever node's schedule fires", async () => {
    const [a, b, c] = apps;
    await a.settings.update((s) => ({ ...s, backups: { ...s.backups, cron: "0 0 1 1 *" } }));
    await until(() => b.settings.get().backups.cron !== "" && c.settings.get().backups.cron !== "", 1000, "the schedule everywhere");
    // Which nodes start the run (the backup itself is the backups' business, tested there).
    const runs: number[] = [];
    apps.forEach((app, i) => ((app.backups as unknown as { autoBackup: () => Promise<void> }).autoBackup = async () => void runs.push(i)));
    // Every node's cron job comes due at the same moment, twice.
    const trigger = () => Promise.all(apps.map((app) => (app.backups as unknown as { scheduler: { trigger(): Promise<void> } }).scheduler.trigger()));
    await trigger();
    await trigger();
    expect(runs).toHaveLength(2);
    expect(runs[0]).toBe(runs[1]);

    // The leading node goes away: another takes the lease over within seconds and runs the next one.
    const leader = apps[runs[0]];
    await leader.close();
    const rest = apps.filter((app) => app !== leader);
    runs.length = 0;
    await until(
      async () => {
        await Promise.all(rest.map((app) => (app.backups as unknown as { scheduler: { trigger(): Promise<void> } }).scheduler.trigger()));
        return runs.length > 0;
      },
      5000,
      "a run on another node",
    );
    expect(runs).toHaveLength(1);
    expect(apps[runs[0]]).not.toBe(leader);
  });
});

