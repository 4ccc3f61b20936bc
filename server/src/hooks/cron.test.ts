import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupTempDirs, referenceDataDir } from "../../test/support/dataDirs.js";
import { adminToken, call } from "../../test/support/client.js";
import { hooksDir, startCairnWithHooks, type CairnWithHooks } from "../../test/support/hooks.js";

const CRONS = `
// Once a year (the test triggers it): a schedule that fired during the run would add a tick.
cronAdd("tick", "0 0 1 1 *", function () {
  $app.dao().saveRecord(new Record($app.dao().findCollectionByNameOrId("ticks"), { note: "tick " + $security.randomString(4).length }));
});
cronAdd("gone", "* * * * *", function () {});
cronRemove("gone");
cronAdd("nightly", "@daily", function () {});
cronAdd("broken", "not a schedule", function () {});
`;

const notes = async (s: CairnWithHooks) => ((await call(s, { path: "/api/collections/ticks/records" })).body as { items: { note: string }[] }).items.map((i) => i.note);

describe("pb_hooks cron jobs", () => {
  let leader: CairnWithHooks;
  let follower: CairnWithHooks;

  beforeAll(async () => {
    const data = referenceDataDir();
    const dir = hooksDir({ "cron.pb.js": CRONS });
    [leader, follower] = await Promise.all([startCairnWithHooks(data, dir), startCairnWithHooks(data, dir, { leads: () => false })]);
    for (const s of [leader, follower]) {
      const token = await adminToken(s);
      const body = { name: "ticks", type: "base", listRule: "", schema: [{ name: "note", type: "text", options: {} }] };
      expect((await call(s, { method: "POST", path: "/api/collections", body, token })).status).toBe(200);
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all([leader?.stop(), follower?.stop()]);
    cleanupTempDirs();
  });

  it("schedules cronAdd jobs (UTC, five fields or a macro) minus the removed ones, and logs a bad expression", () => {
    expect(leader.hooks.cronJobs().map((j) => j.id)).toEqual(["tick", "nightly"]);
    const next = leader.hooks.cronJobs()[0]!.nextRun!;
    expect([next.getUTCMonth(), next.getUTCDate(), next.getUTCHours(), next.getUTCMinutes()]).toEqual([0, 1, 0, 0]);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(366 * 24 * 3600_000);
    expect(leader.logged.some((l) => l.includes("cron job broken"))).toBe(true);
  });

  it("runs a job on the leader only, its $app.dao() writes included", async () => {
    await leader.hooks.triggerCron("tick");
    await follower.hooks.triggerCron("tick");
    expect(await notes(leader)).toEqual(["tick 4"]);
    expect(await notes(follower)).toEqual([]);
  });
});
