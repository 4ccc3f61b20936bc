import { afterAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../test/support/postgres.js";
import type { RateLimitRule } from "../models/settings.js";
import { RateLimiter } from "./limiter.js";
import { PgRateLimitStore } from "./pgStore.js";

const stores: PgRateLimitStore[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
});

const rule = (maxRequests: number, duration = 60): RateLimitRule => ({ label: "/api/", maxRequests, duration, audience: "" });
const req = { method: "GET", paths: ["/api/x"], tags: [], authId: "", ip: "10.0.0.1" };

describe("RateLimiter on a store shared by nodes", () => {
  it("never clears the shared counters on a rules change: a late node would wipe the others' counts", async () => {
    const url = await freshDatabase();
    const [s1, s2] = await Promise.all([PgRateLimitStore.open({ url }), PgRateLimitStore.open({ url })]);
    stores.push(s1, s2);
    const t = 1_000_000;
    const node1 = new RateLimiter({ enabled: true, rules: [rule(5)] }, s1, () => t);
    const node2 = new RateLimiter({ enabled: true, rules: [rule(5)] }, s2, () => t);
    const ok = async (l: RateLimiter) => (await l.hit(req)) === null;

    // The rule changes: node 1 hears it first and counts under it...
    node1.configure({ enabled: true, rules: [rule(2)] });
    expect([await ok(node1), await ok(node1)]).toEqual([true, true]);
    // ...then node 2 hears it: what node 1 counted stays.
    node2.configure({ enabled: true, rules: [rule(2)] });
    await new Promise((r) => setTimeout(r, 100));
    expect(await ok(node2)).toBe(false);
  });

  it("counts a changed rule afresh (its limits are part of its counters' key)", async () => {
    const url = await freshDatabase();
    const s = await PgRateLimitStore.open({ url });
    stores.push(s);
    const l = new RateLimiter({ enabled: true, rules: [rule(1)] }, s, () => 2_000_000);
    expect(await l.hit(req)).toBeNull();
    expect(await l.hit(req)).not.toBeNull();
    l.configure({ enabled: true, rules: [rule(2)] });
    expect(await l.hit(req)).toBeNull();
    expect(await l.hit(req)).toBeNull();
    expect(await l.hit(req)).not.toBeNull();
  });
});
