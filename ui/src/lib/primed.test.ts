import { describe, expect, it, vi } from "vitest";
import { createPrimer } from "./primed";

describe("createPrimer", () => {
  it("hands a primed promise to the first take only, then fetches afresh", async () => {
    const primer = createPrimer<string>(5_000);
    primer.prime("a", () => Promise.resolve("primed"));
    const fetch = vi.fn(() => Promise.resolve("fresh"));
    expect(await primer.take("a", fetch)).toBe("primed");
    expect(fetch).not.toHaveBeenCalled();
    expect(await primer.take("a", fetch)).toBe("fresh");
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("fetches when nothing was primed under that key", async () => {
    const primer = createPrimer<string>(5_000);
    primer.prime("a", () => Promise.resolve("primed"));
    expect(await primer.take("b", () => Promise.resolve("fresh"))).toBe("fresh");
  });

  it("ignores a prime older than its time to live", async () => {
    vi.useFakeTimers();
    try {
      const primer = createPrimer<string>(1_000);
      primer.prime("a", () => Promise.resolve("old"));
      vi.advanceTimersByTime(1_001);
      expect(await primer.take("a", () => Promise.resolve("fresh"))).toBe("fresh");
    } finally {
      vi.useRealTimers();
    }
  });

  it("falls back to a fetch when the primed request failed", async () => {
    const primer = createPrimer<string>(5_000);
    primer.prime("a", () => Promise.reject(new Error("aborted")));
    expect(await primer.take("a", () => Promise.resolve("fresh"))).toBe("fresh");
  });
});
