import { describe, expect, it } from "vitest";
import { LOG_CHIP_MAX, logChips, orderedDataKeys } from "./logData";
import { levelLabel, levelVariant, LOG_LEVELS } from "./logLevels";

describe("detail data order", () => {
  it("puts known keys in the fixed order, then the others", () => {
    const data = { zeta: 1, details: "d", error: "e", userAgent: "u", userIp: "i", remoteIp: "r", referer: "", url: "/", method: "GET", status: 200, auth: "guest", type: "request", execTime: 1 };
    expect(orderedDataKeys(data)).toEqual(["execTime", "type", "auth", "status", "method", "url", "referer", "remoteIp", "userIp", "userAgent", "error", "details", "zeta"]);
    expect(orderedDataKeys(undefined)).toEqual([]);
  });
});

describe("list chips", () => {
  it("truncates to 80 characters", () => {
    expect(LOG_CHIP_MAX).toBe(80);
    const chips = logChips({ id: "1", created: "", level: 0, message: "m", data: { note: "x".repeat(200) } });
    expect(chips[0].label.length).toBe(80 + 3);
  });

  it("shows status, execTime in ms and error for request logs", () => {
    const chips = logChips({ id: "1", created: "", level: 8, message: "m", data: { type: "request", status: 500, execTime: 1.23456, error: "boom", details: "x" } });
    expect(chips.map((c) => c.label)).toEqual(["status: 500", "execTime: 1.235ms", "error: boom"]);
    expect(chips[2].danger).toBe(true);
  });
});

describe("log levels", () => {
  it("has the default levels", () => {
    expect(LOG_LEVELS.map((l) => [l.value, l.label])).toEqual([
      [-4, "DEBUG"],
      [0, "INFO"],
      [4, "WARN"],
      [8, "ERROR"],
    ]);
    expect(levelLabel(4)).toBe("WARN");
    expect(levelLabel(5)).toBe("WARN(5)");
    expect(levelVariant(9)).toBe("error");
    expect(levelVariant(-8)).toBe("debug");
  });
});
