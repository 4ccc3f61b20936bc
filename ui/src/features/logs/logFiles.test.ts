import { describe, expect, it } from "vitest";
import { bulkLogsFileName, compactDate, logFileName } from "./logFiles";

describe("log file names", () => {
  it("names a single log after its created time without separators", () => {
    expect(compactDate("2024-01-02 03:04:05.678Z")).toBe("20240102030405678Z");
    expect(logFileName({ created: "2024-01-02 03:04:05.678Z" })).toBe("log_20240102030405678Z.json");
  });

  it("bulk: one log like the single download, several after count and range", () => {
    expect(bulkLogsFileName([{ created: "2024-01-02 03:04:05.678Z" }])).toBe("log_20240102030405678Z.json");
    expect(
      bulkLogsFileName([{ created: "2024-01-03 00:00:00.000Z" }, { created: "2024-01-01 10:00:00.000Z" }, { created: "2024-01-02 00:00:00.000Z" }]),
    ).toBe("3_logs_20240101100000000Z_to_20240103000000000Z.json");
  });
});
