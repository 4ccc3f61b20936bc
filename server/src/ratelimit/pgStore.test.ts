import { afterAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../test/support/postgres.js";
import { rateLimitStoreContract } from "../../test/support/rateLimitStoreContract.js";
import { PgRateLimitStore } from "./pgStore.js";

const stores: PgRateLimitStore[] = [];
afterAll(async () => {
  for (const s of stores) await s.close();
});

async function open(url: string): Promise<PgRateLimitStore> {
  const s = await PgRateLimitStore.open({ url });
  stores.push(s);
  return s;
}

describe("PgRateLimitStore", () => {
  rateLimitStoreContract(async () => open(await freshDatabase()));

  it("counts across stores (nodes) on one database, hits at once included", async () => {
    const url = await freshDatabase();
    const [a, b, c] = await Promise.all([open(url), open(url), open(url)]);
    const T = 5_000_000;
    const counts = await Promise.all(Array.from({ length: 30 }, (_, i) => [a, b, c][i % 3].hit("k", 60_000, T)));
    // Every hit saw a distinct count: none was lost or counted twice.
    expect(counts.map((w) => w.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(new Set(counts.map((w) => w.resetAt))).toEqual(new Set([T + 60_000]));
  });

  it("admits exactly max of concurrent takes from several nodes", async () => {
    const url = await freshDatabase();
    const [a, b] = await Promise.all([open(url), open(url)]);
    const T = 7_000_000;
    const takes = (key2: string) => [
      { key: "shared", windowMs: 60_000, max: 10, n: 1 },
      { key: key2, windowMs: 60_000, max: 100, n: 1 },
    ];
    // Keys named in opposite orders by the two nodes: locking in key order keeps them from deadlocking.
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => (i % 2 ? a : b).takeAll(i % 2 ? takes("aaa") : takes("zzz").reverse(), T)));
    expect(results.filter((r) => r.length === 0)).toHaveLength(10);
    expect(await a.hit("shared", 60_000, T)).toEqual({ count: 11, resetAt: T + 60_000 });
  });

  it("keeps stores of different namespaces apart, each clearing only its own counters", async () => {
    const url = await freshDatabase();
    const rules = await open(url);
    const signIn = await PgRateLimitStore.open({ url, namespace: "signin" });
    stores.push(signIn);
    await rules.hit("k", 60_000, 0);
    await signIn.hit("k", 60_000, 0);
    await rules.clear();
    expect(await rules.hit("k", 60_000, 0)).toEqual({ count: 1, resetAt: 60_000 });
    expect(await signIn.hit("k", 60_000, 0)).toEqual({ count: 2, resetAt: 60_000 });
  });

  it("stores keys with NUL and backslashes (the limiter's separators) apart from each other", async () => {
    const s = await open(await freshDatabase());
    expect(await s.hit("a\u0000b\u0000", 60_000, 0)).toEqual({ count: 1, resetAt: 60_000 });
    expect(await s.hit("a\\0b\\0", 60_000, 0)).toEqual({ count: 1, resetAt: 60_000 });
    expect(await s.takeAll([{ key: "a\u0000b\u0000", windowMs: 60_000, max: 2, n: 1 }], 0)).toEqual([]);
    expect(await s.hit("a\u0000b\u0000", 60_000, 0)).toEqual({ count: 3, resetAt: 60_000 });
  });

  it("sweeps ended windows only", async () => {
    const s = await open(await freshDatabase());
    await s.hit("old", 1000, 0);
    await s.hit("live", 60_000, 0);
    expect(await s.sweep(1000)).toBe(1);
    expect(await s.hit("live", 60_000, 1000)).toEqual({ count: 2, resetAt: 60_000 });
  });
});
