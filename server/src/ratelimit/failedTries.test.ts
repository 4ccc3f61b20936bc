import { afterAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../test/support/postgres.js";
import { FailedTries } from "./failedTries.js";
import { MemoryRateLimitStore } from "./memoryStore.js";
import { PgRateLimitStore } from "./pgStore.js";
import type { RateLimitStore } from "./store.js";
import { TooManyRequests } from "./tooMany.js";

/**
 * The sign-in counters (OTP requests per email, wrong authenticator codes per account) on the
 * RateLimitStore: in memory alone, and on PostgreSQL shared by the nodes, where tries made on
 * one node count on the others.
 */

const RULE = { max: 3, windowMs: 60_000 };
const T = 1_000_000;

const stores: PgRateLimitStore[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
});

async function refusal(p: Promise<void>): Promise<TooManyRequests | null> {
  try {
    await p;
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(TooManyRequests);
    return err as TooManyRequests;
  }
}

/** Node i's tries, each with the clock at `now`. */
function nodes(list: RateLimitStore[], now: { t: number }): FailedTries[] {
  return list.map((s) => new FailedTries(s, () => now.t));
}

function behaves(open: () => Promise<RateLimitStore[]>) {
  it("refuses once max failures are in the window, whichever node counted them; right answers count nothing", async () => {
    const now = { t: T };
    const [a, b] = nodes(await open(), now);
    for (let i = 0; i < 10; i++) await a.check("totp:x", RULE); // checks alone never lock
    await a.fail("totp:x", RULE);
    await b.fail("totp:x", RULE);
    expect(await refusal(b.check("totp:x", RULE))).toBeNull();
    await a.fail("totp:x", RULE);
    now.t = T + 20_000;
    const refused = await refusal(b.check("totp:x", RULE));
    expect(refused?.retryAfter).toBe(40);
    expect(await refusal(a.check("totp:other", RULE))).toBeNull();
    // A new window: counted afresh.
    now.t = T + 60_000;
    expect(await refusal(a.check("totp:x", RULE))).toBeNull();
  });

  it("counts every request over the nodes and refuses the one past max", async () => {
    const now = { t: T };
    const [a, b] = nodes(await open(), now);
    await a.count("otp-request:c:e@x", RULE);
    await b.count("otp-request:c:e@x", RULE);
    await a.count("otp-request:c:e@x", RULE);
    const refused = await refusal(b.count("otp-request:c:e@x", RULE));
    expect(refused?.retryAfter).toBe(60);
  });
}

describe("FailedTries", () => {
  describe("in memory (one node)", () => {
    behaves(async () => {
      const s = new MemoryRateLimitStore();
      return [s, s];
    });
  });

  describe("on PostgreSQL, two nodes", () => {
    behaves(async () => {
      const url = await freshDatabase();
      const pair = await Promise.all([PgRateLimitStore.open({ url, namespace: "signin" }), PgRateLimitStore.open({ url, namespace: "signin" })]);
      stores.push(...pair);
      return pair;
    });
  });
});
