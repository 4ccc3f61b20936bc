import { describe, expect, it, vi } from "vitest";
import { renderHook } from "@testing-library/react";
import { createPrimer, useSettledPrime } from "./primed";

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

  it("hands over an answered prime synchronously with takeSettled, and nothing before it answers", async () => {
    const primer = createPrimer<string>(5_000);
    let answer!: (v: string) => void;
    primer.prime("a", () => new Promise<string>((r) => (answer = r)));
    expect(primer.takeSettled("a")).toBeUndefined();
    answer("primed");
    await Promise.resolve();
    const hit = primer.takeSettled("a");
    expect(hit?.value).toBe("primed");
    expect(typeof hit?.at).toBe("number");
    // taken once: the next take fetches afresh
    expect(primer.takeSettled("a")).toBeUndefined();
    expect(await primer.take("a", () => Promise.resolve("fresh"))).toBe("fresh");
  });

  it("takeSettled leaves a failed prime alone", async () => {
    const primer = createPrimer<string>(5_000);
    primer.prime("a", () => Promise.reject(new Error("down")));
    await Promise.resolve();
    await Promise.resolve();
    expect(primer.takeSettled("a")).toBeUndefined();
    expect(await primer.take("a", () => Promise.resolve("fresh"))).toBe("fresh");
  });

  it("prime's promise settles once the request answers or fails, and never rejects", async () => {
    const primer = createPrimer<string>(5_000);
    await expect(primer.prime("ok", () => Promise.resolve("v"))).resolves.toBeUndefined();
    expect(primer.takeSettled("ok")?.value).toBe("v");
    await expect(primer.prime("bad", () => Promise.reject(new Error("down")))).resolves.toBeUndefined();
    expect(primer.takeSettled("bad")).toBeUndefined();
  });
});

describe("useSettledPrime", () => {
  it("takes an answered prime once, at mount, and only for the key it mounted with", async () => {
    const primer = createPrimer<string>(5_000);
    await primer.prime("a", () => Promise.resolve("primed"));
    await primer.prime("b", () => Promise.resolve("other"));
    const { result, rerender } = renderHook(({ k }: { k: string | undefined }) => useSettledPrime(primer, k), { initialProps: { k: "a" as string | undefined } });
    expect(result.current?.value).toBe("primed");
    rerender({ k: "a" });
    expect(result.current?.value).toBe("primed"); // the same value on later renders
    rerender({ k: "b" });
    expect(result.current).toBeUndefined(); // another key: not the mounted prime
    expect(primer.takeSettled("b")?.value).toBe("other"); // and "b" was not taken
    const none = renderHook(() => useSettledPrime(primer, undefined));
    expect(none.result.current).toBeUndefined();
  });
});
