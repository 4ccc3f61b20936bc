import { describe, expect, it } from "vitest";
import { Secret, TOTP } from "otpauth";
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, totpCode, totpStep, totpUri } from "./totp.js";

// RFC 6238, Appendix B: the SHA-1 seed and its 8-digit codes at the published instants.
const RFC_SEED = Buffer.from("12345678901234567890", "ascii");
const RFC_VECTORS: [number, string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("RFC 6238 TOTP", () => {
  it.each(RFC_VECTORS)("matches the published SHA-1 vector at T=%i", (seconds, code) => {
    expect(hotp(RFC_SEED, totpStep(seconds * 1000), 8)).toBe(code);
  });

  it("matches RFC 4226's HOTP vectors (6 digits)", () => {
    const expected = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"];
    expect(expected.map((_, i) => hotp(RFC_SEED, i))).toEqual(expected);
  });

  it("round-trips base32 and refuses what is not base32", () => {
    expect(base32Encode(RFC_SEED)).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(base32Decode("gezd gnbv gy3t qojq gezd gnbv gy3t qojq")?.equals(RFC_SEED)).toBe(true);
    expect(base32Decode("not base32!")).toBeNull();
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
  });

  it("gives the codes a real authenticator library (otpauth) gives, and reads its URI", () => {
    const secret = newTotpSecret();
    const app = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
    for (const t of [0, 1_700_000_000_000, Date.now()]) expect(totpCode(secret, t)).toBe(app.generate({ timestamp: t }));
    const uri = totpUri(secret, "Cairn Test", "dana@example.com");
    expect(uri).toMatch(/^otpauth:\/\/totp\/Cairn%20Test:dana%40example\.com\?/);
    const url = new URL(uri);
    expect(url.searchParams.get("secret")).toBe(secret);
    expect(url.searchParams.get("issuer")).toBe("Cairn Test");
    expect(url.searchParams.get("digits")).toBe("6");
    expect(url.searchParams.get("period")).toBe("30");
  });

  it("accepts a code one step either side of now and no further, telling which step it matched", () => {
    const secret = newTotpSecret();
    const now = 1_700_000_015_000;
    const step = totpStep(now);
    const at = (s: number) => totpCode(secret, s * 30_000);
    expect(matchTotp(secret, at(step), now)).toBe(step);
    expect(matchTotp(secret, at(step - 1), now)).toBe(step - 1);
    expect(matchTotp(secret, at(step + 1), now)).toBe(step + 1);
    expect(matchTotp(secret, at(step - 2), now)).toBeNull();
    expect(matchTotp(secret, at(step + 2), now)).toBeNull();
    expect(matchTotp(secret, "12345", now)).toBeNull();
    expect(matchTotp(secret, "abcdef", now)).toBeNull();
  });
});
