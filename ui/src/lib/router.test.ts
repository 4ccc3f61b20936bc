import { describe, expect, it } from "vitest";
import { buildHref, isPathUnder, matchPattern, parseHash } from "./router";

describe("parseHash", () => {
  it("splits path and query", () => {
    const loc = parseHash("#/logs?filter=level%3E0&logId=abc");
    expect(loc.path).toBe("/logs");
    expect(loc.query.get("filter")).toBe("level>0");
    expect(loc.query.get("logId")).toBe("abc");
  });

  it("treats an empty hash as the root", () => {
    expect(parseHash("").path).toBe("/");
    expect(parseHash("#").path).toBe("/");
    expect(parseHash("#/").path).toBe("/");
  });

  it("normalizes a missing leading slash, duplicate and trailing slashes", () => {
    expect(parseHash("#logs").path).toBe("/logs");
    expect(parseHash("#//settings//admins/").path).toBe("/settings/admins");
  });
});

describe("matchPattern", () => {
  it("matches named parameters and decodes them", () => {
    expect(matchPattern("/confirm-password-reset/:token", "/confirm-password-reset/a.b%2Ec")).toEqual({ token: "a.b.c" });
  });

  it("requires the same number of segments", () => {
    expect(matchPattern("/settings", "/settings/admins")).toBeNull();
    expect(matchPattern("/settings/admins", "/settings")).toBeNull();
  });

  it("matches static routes exactly", () => {
    expect(matchPattern("/logs", "/logs")).toEqual({});
    expect(matchPattern("/logs", "/logz")).toBeNull();
    expect(matchPattern("/", "/")).toEqual({});
  });
});

describe("buildHref", () => {
  it("drops empty values", () => {
    expect(buildHref("/logs", { filter: "", logId: null, adminRequests: "1" })).toBe("/logs?adminRequests=1");
    expect(buildHref("/logs", {})).toBe("/logs");
  });
});

describe("isPathUnder", () => {
  it("is true for the base and its children only", () => {
    expect(isPathUnder("/settings", "/settings")).toBe(true);
    expect(isPathUnder("/settings/admins", "/settings")).toBe(true);
    expect(isPathUnder("/settingsx", "/settings")).toBe(false);
    expect(isPathUnder("/logs", "/collections")).toBe(false);
  });
});
