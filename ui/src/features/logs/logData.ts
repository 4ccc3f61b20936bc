import { truncate } from "../../lib/format";
import type { LogEntry } from "./logTypes";

/** The order of the data.* rows in the detail panel; other keys follow. */
export const LOG_DATA_ORDER = ["execTime", "type", "auth", "status", "method", "url", "referer", "remoteIp", "userIp", "userAgent", "error", "details"] as const;

/** Maximum length of a data chip in the list. */
export const LOG_CHIP_MAX = 80;

/** The data keys of a log, the known ones first in their fixed order, then the rest as stored. */
export function orderedDataKeys(data: Record<string, unknown> | null | undefined): string[] {
  const keys = Object.keys(data ?? {});
  const known = LOG_DATA_ORDER.filter((k) => keys.includes(k));
  const rest = keys.filter((k) => !(LOG_DATA_ORDER as readonly string[]).includes(k));
  return [...known, ...rest];
}

export function isRequestLog(log: Pick<LogEntry, "data">): boolean {
  return log.data?.type === "request";
}

function chipValue(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

/** Short "key: value" chips shown next to a message in the list. */
export function logChips(log: LogEntry): { key: string; label: string; danger?: boolean }[] {
  const data = log.data ?? {};
  const keys = isRequestLog(log) ? ["status", "execTime", "auth", "userIp", "error"] : orderedDataKeys(data).filter((k) => k !== "details");
  const chips: { key: string; label: string; danger?: boolean }[] = [];
  for (const key of keys) {
    const v = data[key];
    const text = chipValue(v);
    if (!text) continue;
    const value = key === "execTime" && isRequestLog(log) ? `${formatExecTime(v)}ms` : text;
    chips.push({ key, label: truncate(`${key}: ${value}`, LOG_CHIP_MAX), danger: key === "error" });
    if (chips.length >= 6) break;
  }
  return chips;
}

export function formatExecTime(v: unknown): string {
  const n = typeof v === "number" ? v : Number(v);
  if (!Number.isFinite(n)) return String(v);
  return String(Math.round(n * 1000) / 1000);
}
