import { describe, expect, it } from "vitest";
import { addRule, DUPLICATE_RULE, hasRateLimits, INVALID_LABEL, newRule, pickRateLimits, rateLimitsPayload, removeRule, updateRule, validateRateLimits } from "./rateLimitsModel";

describe("rate limits model", () => {
  it("exists only when the settings carry rateLimits (never on PocketBase v0.22)", () => {
    expect(hasRateLimits({ meta: {} })).toBe(false);
    expect(pickRateLimits({ meta: {} })).toBeUndefined();
    const form = pickRateLimits({ rateLimits: { enabled: true, rules: [{ label: "/api/", maxRequests: 5, duration: 2, audience: "@guest" }, { label: "x:list", maxRequests: 1, duration: 1, audience: "bogus" }] } });
    expect(form).toEqual({
      enabled: true,
      rules: [
        { label: "/api/", maxRequests: 5, duration: 2, audience: "@guest" },
        { label: "x:list", maxRequests: 1, duration: 1, audience: "" },
      ],
    });
  });

  it("adds, edits and removes rules without touching the others", () => {
    let rules = addRule([]);
    expect(rules).toEqual([newRule()]);
    rules = addRule(rules);
    rules = updateRule(rules, 1, { label: "posts:create", audience: "@auth" });
    expect(rules[0]).toEqual(newRule());
    expect(rules[1]).toMatchObject({ label: "posts:create", audience: "@auth" });
    rules = removeRule(rules, 0);
    expect(rules.map((r) => r.label)).toEqual(["posts:create"]);
  });

  it("validates every rule with errors keyed like the server's", () => {
    const errors = validateRateLimits({
      enabled: true,
      rules: [
        { label: "", maxRequests: "", duration: 0, audience: "" },
        { label: "not a label", maxRequests: "1.5", duration: "-1", audience: "" },
        { label: "POST /api/batch", maxRequests: 3, duration: 1, audience: "" },
        { label: " POST /api/batch ", maxRequests: "3", duration: "1", audience: "" },
        { label: "POST /api/batch", maxRequests: 3, duration: 1, audience: "@guest" },
        { label: "*:auth", maxRequests: 5, duration: 60, audience: "@guest" },
      ],
    });
    expect(errors).toEqual({
      "rateLimits.rules.0.label": "Cannot be blank.",
      "rateLimits.rules.0.maxRequests": "Cannot be blank.",
      "rateLimits.rules.0.duration": "Must be no less than 1.",
      "rateLimits.rules.1.label": INVALID_LABEL,
      "rateLimits.rules.1.maxRequests": "Must be a whole number.",
      "rateLimits.rules.1.duration": "Must be no less than 1.",
      "rateLimits.rules.3.label": DUPLICATE_RULE,
    });
  });

  it("sends numbers and trimmed labels", () => {
    expect(rateLimitsPayload({ enabled: false, rules: [{ label: " /api/ ", maxRequests: "20", duration: "5", audience: "@auth" }] })).toEqual({
      enabled: false,
      rules: [{ label: "/api/", maxRequests: 20, duration: 5, audience: "@auth" }],
    });
  });
});
