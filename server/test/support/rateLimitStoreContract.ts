import { expect, it } from "vitest";
import type { RateLimitStore } from "../../src/ratelimit/store.js";

/** Behaviour every RateLimitStore must have (registered as tests in the caller's describe). */
export function rateLimitStoreContract(make: () => Promise<RateLimitStore> | RateLimitStore): void {
  const T = 1_000_000;

  it("counts hits in a fixed window from the first one, over the limit too, then opens a new one", async () => {
    const s = await make();
    expect(await s.hit("a", 10_000, T)).toEqual({ count: 1, resetAt: T + 10_000 });
    expect(await s.hit("a", 10_000, T + 4000)).toEqual({ count: 2, resetAt: T + 10_000 });
    expect(await s.hit("a", 10_000, T + 9999)).toEqual({ count: 3, resetAt: T + 10_000 });
    // The window ends at resetAt: the next hit opens a fresh one from its own time.
    expect(await s.hit("a", 10_000, T + 10_000)).toEqual({ count: 1, resetAt: T + 20_000 });
    expect(await s.hit("b", 5000, T + 10_000)).toEqual({ count: 1, resetAt: T + 15_000 });
  });

  it("takes all or nothing, naming the takes that did not fit", async () => {
    const s = await make();
    await s.hit("a", 10_000, T);
    const takes = [
      { key: "a", windowMs: 10_000, max: 3, n: 2 },
      { key: "b", windowMs: 30_000, max: 2, n: 3 },
      { key: "c", windowMs: 20_000, max: 5, n: 1 },
    ];
    expect(await s.takeAll(takes, T + 1000)).toEqual([{ index: 1, resetAt: T + 31_000 }]);
    // Nothing counted, but the windows it looked at are open: b's and c's started at T + 1000.
    expect(await s.hit("a", 10_000, T + 2000)).toEqual({ count: 2, resetAt: T + 10_000 });
    expect(await s.hit("c", 20_000, T + 2000)).toEqual({ count: 1, resetAt: T + 21_000 });
    expect(await s.takeAll([{ key: "a", windowMs: 10_000, max: 3, n: 1 }, { key: "b", windowMs: 30_000, max: 2, n: 2 }], T + 3000)).toEqual([]);
    expect(await s.hit("a", 10_000, T + 3000)).toEqual({ count: 4, resetAt: T + 10_000 });
    expect(await s.hit("b", 30_000, T + 3000)).toEqual({ count: 3, resetAt: T + 31_000 });
    expect(await s.takeAll([{ key: "a", windowMs: 10_000, max: 4, n: 1 }, { key: "b", windowMs: 30_000, max: 1, n: 1 }], T + 4000)).toEqual([
      { index: 0, resetAt: T + 10_000 },
      { index: 1, resetAt: T + 31_000 },
    ]);
    expect(await s.takeAll([], T)).toEqual([]);
  });

  it("forgets every counter on clear", async () => {
    const s = await make();
    await s.hit("a", 10_000, T);
    await s.hit("a", 10_000, T);
    await s.clear();
    expect(await s.hit("a", 10_000, T + 1000)).toEqual({ count: 1, resetAt: T + 11_000 });
  });
}
