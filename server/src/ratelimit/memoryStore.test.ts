import { describe, expect, it } from "vitest";
import { rateLimitStoreContract } from "../../test/support/rateLimitStoreContract.js";
import { MemoryRateLimitStore } from "./memoryStore.js";

describe("MemoryRateLimitStore", () => {
  rateLimitStoreContract(() => new MemoryRateLimitStore());

  it("answers synchronously (the request path pays no promise)", () => {
    const s = new MemoryRateLimitStore();
    expect(s.hit("a", 1000, 0)).toEqual({ count: 1, resetAt: 1000 });
    expect(s.takeAll([{ key: "a", windowMs: 1000, max: 1, n: 1 }], 0)).toEqual([{ index: 0, resetAt: 1000 }]);
  });

  it("drops ended windows once it holds 10 000 counters", () => {
    const s = new MemoryRateLimitStore();
    for (let i = 0; i < 10_000; i++) s.hit(`old${i}`, 1000, 0);
    s.hit("live", 60_000, 500);
    expect(s.size).toBe(10_001);
    // Full, and the old windows have ended: opening one more prunes them first.
    s.hit("new", 1000, 1000);
    expect(s.size).toBe(2);
    expect(s.hit("live", 60_000, 1000).count).toBe(2);
  });
});
