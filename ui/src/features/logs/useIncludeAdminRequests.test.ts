import { describe, expect, it } from "vitest";
import { resolveIncludeAdminRequests } from "./useIncludeAdminRequests";
import { logsSettingsChanged } from "./LogsSettingsPopup";
import { nextLogsPage, LOGS_PER_PAGE } from "../../data/logs/logsList";

describe("include admin requests", () => {
  it("takes the URL value first, then local storage", () => {
    expect(resolveIncludeAdminRequests("1", null)).toBe(true);
    expect(resolveIncludeAdminRequests("0", "1")).toBe(false);
    expect(resolveIncludeAdminRequests(null, "1")).toBe(true);
    expect(resolveIncludeAdminRequests(null, null)).toBe(false);
  });
});

describe("logs settings popup", () => {
  it("enables Save only when values differ from the loaded ones", () => {
    const loaded = { maxDays: "5", minLevel: "0", logIp: true };
    expect(logsSettingsChanged(loaded, { ...loaded })).toBe(false);
    expect(logsSettingsChanged(loaded, { ...loaded, maxDays: "6" })).toBe(true);
    expect(logsSettingsChanged(loaded, { ...loaded, minLevel: "4" })).toBe(true);
    expect(logsSettingsChanged(loaded, { ...loaded, logIp: false })).toBe(true);
  });
});

describe("logs paging", () => {
  it("offers another page only after a full page of 50", () => {
    expect(LOGS_PER_PAGE).toBe(50);
    const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: String(i), created: "", level: 0, message: "", data: {} }));
    expect(nextLogsPage({ page: 1, items: items(50) })).toBe(2);
    expect(nextLogsPage({ page: 2, items: items(49) })).toBeUndefined();
  });
});
