import { describe, expect, it } from "vitest";
import { ADMIN_EXCLUSION_FILTER, effectiveLogsFilter, FILTER_OPERATORS, joinFilters, LOG_FILTER_KEYS, normalizeSearchFilter, presetFilter } from "./logFilter";

describe("normalizeSearchFilter (plain text to filter)", () => {
  it("matches plain text on level, message and data joined with OR, quoted", () => {
    expect(normalizeSearchFilter("timeout")).toBe('level~"timeout" || message~"timeout" || data~"timeout"');
  });

  it("keeps numbers and booleans bare", () => {
    expect(normalizeSearchFilter("404")).toBe("level~404 || message~404 || data~404");
    expect(normalizeSearchFilter("-4")).toBe("level~-4 || message~-4 || data~-4");
    expect(normalizeSearchFilter("1.5")).toBe("level~1.5 || message~1.5 || data~1.5");
    expect(normalizeSearchFilter("true")).toBe("level~true || message~true || data~true");
    expect(normalizeSearchFilter("false")).toBe("level~false || message~false || data~false");
  });

  it("escapes quotes inside quoted text", () => {
    expect(normalizeSearchFilter('say "hi"')).toBe('level~"say \\"hi\\"" || message~"say \\"hi\\"" || data~"say \\"hi\\""');
  });

  it("adds extra fields", () => {
    expect(normalizeSearchFilter("x", ["level", "message", "data"], ["data.url"])).toBe('level~"x" || message~"x" || data~"x" || data.url~"x"');
  });

  it.each(["level = 0", "level!=0", "message ~ 'x'", "message !~ 'x'", "level>0", "level >= 4", "level<8", "level <= 8"])("uses text with an operator as written: %s", (text) => {
    expect(normalizeSearchFilter(`  ${text} `)).toBe(text);
  });

  it("lists the operators", () => {
    expect([...FILTER_OPERATORS]).toEqual(["=", "!=", "~", "!~", ">", ">=", "<", "<="]);
  });

  it("returns empty for blank text", () => {
    expect(normalizeSearchFilter("   ")).toBe("");
  });
});

describe("presets", () => {
  it("excludes admin requests with data.auth not equal to admin", () => {
    expect(ADMIN_EXCLUSION_FILTER).toBe('data.auth!="admin"');
    expect(presetFilter(false)).toBe(ADMIN_EXCLUSION_FILTER);
    expect(presetFilter(true)).toBe("");
  });

  it("joins presets and the user filter with &&, dropping empty parts", () => {
    expect(joinFilters("a=1", "b=2")).toBe("(a=1) && (b=2)");
    expect(joinFilters("", "b=2")).toBe("b=2");
    expect(joinFilters("a=1", "")).toBe("a=1");
    expect(joinFilters("", " ")).toBe("");
    expect(effectiveLogsFilter("level>0", false)).toBe('(data.auth!="admin") && (level>0)');
    expect(effectiveLogsFilter("", true)).toBe("");
  });
});

describe("autocomplete keys", () => {
  it("offers level, message and data.*", () => {
    expect(LOG_FILTER_KEYS).toContain("level");
    expect(LOG_FILTER_KEYS).toContain("message");
    expect(LOG_FILTER_KEYS).toContain("data.execTime");
    expect(LOG_FILTER_KEYS).toContain("data.auth");
    expect(LOG_FILTER_KEYS.every((k) => k === "level" || k === "message" || k === "data" || k.startsWith("data."))).toBe(true);
  });
});
