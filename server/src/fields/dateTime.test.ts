import { describe, expect, it } from "vitest";
import { compareDateTime, normalizeDateTime, parseDateTime } from "./dateTime.js";

describe("date-times", () => {
  it.each([
    ["2020-01-01", "2020-01-01 00:00:00.000Z"],
    ["2020-01-01 00:00:00", "2020-01-01 00:00:00.000Z"],
    ["2020-01-01 12:34:56.789Z", "2020-01-01 12:34:56.789Z"],
    ["2020-01-01T10:00:00+02:00", "2020-01-01 08:00:00.000Z"],
    ["2020-01-01T10:00:00Z", "2020-01-01 10:00:00.000Z"],
    ["2020-01-01 10:00:00 +0100", "2020-01-01 09:00:00.000Z"],
    ["2020-01-01 10:00:00-0130", "2020-01-01 11:30:00.000Z"],
    ["2020-01-01 00:00:00.123456Z", "2020-01-01 00:00:00.123Z"],
    ["0001-01-01 00:00:00.000Z", ""],
    ["2021-01-01 10:00", ""],
    ["1700000000", ""],
    ["bad", ""],
    ["2020-02-30", ""],
    ["2020-13-01", ""],
    ["", ""],
  ])("%s reads as %s", (input, out) => expect(normalizeDateTime(input)).toBe(out));

  it("compares below the millisecond", () => {
    const a = parseDateTime("2020-01-01 00:00:00.123456Z");
    const b = parseDateTime("2020-01-01 00:00:00.123Z");
    expect(compareDateTime(b, a)).toBeLessThan(0);
    expect(compareDateTime(a, a)).toBe(0);
    expect(compareDateTime(null, a)).toBeLessThan(0);
  });
});
