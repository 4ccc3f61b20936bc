import type { LogEntry } from "./logTypes";

/** A stored date with its separators (-, :, ., space) removed: "2024-01-02 03:04:05.678Z" -> "20240102030405678Z". */
export function compactDate(created: string): string {
  return (created ?? "").replace(/[-:. ]/g, "");
}

/** "log_" + the created timestamp without separators + ".json". */
export function logFileName(log: Pick<LogEntry, "created">): string {
  return `log_${compactDate(log.created)}.json`;
}

/** One log: named like the single download; several: after the count and the date range. */
export function bulkLogsFileName(logs: Pick<LogEntry, "created">[]): string {
  if (logs.length === 1) return logFileName(logs[0]);
  const dates = logs.map((l) => l.created).sort();
  const from = compactDate(dates[0] ?? "");
  const to = compactDate(dates[dates.length - 1] ?? "");
  return `${logs.length}_logs_${from}_to_${to}.json`;
}
