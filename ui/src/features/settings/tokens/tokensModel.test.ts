import { describe, expect, it } from "vitest";
import { pickTokens, randomSecret, toggleSecret, tokensPayload } from "./tokensModel";

describe("token options", () => {
  it("reads every token kind, defaulting the duration to 0 and leaving the redacted secrets out", () => {
    const form = pickTokens({ adminAuthToken: { secret: "******", duration: 1209600 } });
    expect(Object.keys(form)).toHaveLength(8);
    expect(form.adminAuthToken).toEqual({ duration: 1209600 });
    expect(form.recordFileToken).toEqual({ duration: 0 });
  });
  it("toggles a random 50-character secret on and off", () => {
    const on = toggleSecret({ duration: 5 });
    expect(on.secret).toMatch(/^[A-Za-z0-9]{50}$/);
    expect(toggleSecret(on)).toEqual({ duration: 5 });
    expect(randomSecret()).not.toBe(randomSecret());
  });
  it("sends durations as numbers and a secret only where generated", () => {
    expect(tokensPayload({ a: { duration: "10" }, b: { duration: 3, secret: "s" } })).toEqual({ a: { duration: 10 }, b: { duration: 3, secret: "s" } });
  });
});
