import type { LogRow, StatsRow } from "../db/logs.js";

/** The reference's log levels (slog values). */
export const LogLevel = { DEBUG: -4, INFO: 0, WARN: 4, ERROR: 8 } as const;

/** Columns a logs filter or sort may name (`rowid` too: the dashboard sorts by -rowid). */
export const LOG_COLUMNS = ["rowid", "id", "created", "updated", "level", "message", "data"];

export interface LogJson {
  id: string;
  created: string;
  updated: string;
  data: Record<string, unknown>;
  message: string;
  level: number;
}

function parseData(text: unknown): Record<string, unknown> {
  if (typeof text !== "string" || text === "") return {};
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The API shape of a log, keys in the reference's order. */
export function logJson(row: LogRow | Record<string, unknown>): LogJson {
  const r = row as Record<string, unknown>;
  return {
    id: String(r.id),
    created: String(r.created),
    updated: String(r.updated),
    data: parseData(r.data),
    message: String(r.message),
    level: Number(r.level),
  };
}

/** A stats bucket as the reference answers it: `{total, date: "YYYY-MM-DD HH:00:00.000Z"}`. */
export function statsJson(row: StatsRow): { total: number; date: string } {
  return { total: row.total, date: `${row.hour}.000Z` };
}
