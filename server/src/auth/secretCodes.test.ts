import { describe, expect, it } from "vitest";
import { codeMatches, findRecoveryCode, hashCode, hashRecoveryCode, newNumericCode, newRecoveryCodes } from "./secretCodes.js";

describe("one-time and recovery codes", () => {
  it("makes numeric codes of the asked length", () => {
    for (const n of [4, 8, 12]) expect(newNumericCode(n)).toMatch(new RegExp(`^\\d{${n}}$`));
  });

  it("stores a code as a salted hash that only the same code matches", async () => {
    const a = await hashCode("12345678");
    const b = await hashCode("12345678");
    expect(a).not.toContain("12345678");
    expect(a).not.toBe(b); // salted
    expect(await codeMatches("12345678", a)).toBe(true);
    expect(await codeMatches("12345679", a)).toBe(false);
    expect(await codeMatches("12345678", "garbage")).toBe(false);
  });

  it("finds a recovery code by its hash, ignoring case and dashes", () => {
    const codes = newRecoveryCodes();
    expect(codes.length).toBeGreaterThanOrEqual(8);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const hashes = codes.map(hashRecoveryCode);
    expect(findRecoveryCode(codes[3]!.toUpperCase().replace("-", ""), hashes)).toBe(3);
    expect(findRecoveryCode("aaaaa-aaaaa", hashes)).toBe(-1);
  });
});
