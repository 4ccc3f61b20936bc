import { timingSafeEqual } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { codeMatches, findRecoveryCode, hashCode, hashRecoveryCode, newRecoveryCodes } from "./secretCodes.js";
import { hotp, matchTotp, newTotpSecret, base32Decode, totpStep } from "./totp.js";

// The real comparison, counted: every secret check must go through it, the same number of times
// whether it matches early, late or not at all.
vi.mock("node:crypto", async (original) => {
  const real = await original<typeof import("node:crypto")>();
  return { ...real, timingSafeEqual: vi.fn(real.timingSafeEqual) };
});
const compared = vi.mocked(timingSafeEqual);

/** How many constant-time comparisons `fn` made. */
async function comparisons(fn: () => unknown): Promise<number> {
  compared.mockClear();
  await fn();
  return compared.mock.calls.length;
}

describe("secret codes are compared in constant time", () => {
  it("an email code: one comparison of equal-length hashes, right or wrong", async () => {
    const stored = await hashCode("12345678");
    expect(await comparisons(() => codeMatches("12345678", stored))).toBe(1);
    expect(await comparisons(() => codeMatches("87654321", stored))).toBe(1);
    // Different lengths never reach a short-circuiting comparison of the codes themselves.
    expect(await comparisons(() => codeMatches("1", stored))).toBe(1);
  });

  it("a recovery code: every stored hash is compared, wherever the match is", async () => {
    const codes = newRecoveryCodes();
    const hashes = codes.map(hashRecoveryCode);
    for (const code of [codes[0]!, codes[codes.length - 1]!, "aaaaa-aaaaa"]) {
      expect(await comparisons(() => findRecoveryCode(code, hashes))).toBe(hashes.length);
    }
  });

  it("an authenticator code: the three steps of the window are compared, matching or not", async () => {
    const secret = newTotpSecret();
    const key = base32Decode(secret)!;
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    for (const [code, expected] of [[hotp(key, step - 1), step - 1], [hotp(key, step), step], [hotp(key, step + 1), step + 1]] as const) {
      let got: number | null = null;
      expect(await comparisons(() => (got = matchTotp(secret, code, now)))).toBe(3);
      expect(got).toBe(expected);
    }
    const wrong = hotp(key, step + 5);
    expect(await comparisons(() => matchTotp(secret, wrong, now))).toBe(3);
  });
});
