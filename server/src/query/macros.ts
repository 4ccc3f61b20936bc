import { formatDate } from "../tools/time.js";

/**
 * The datetime macros of the filter language, evaluated in UTC at one instant.
 * Date macros give `YYYY-MM-DD HH:MM:SS.sssZ` text, the parts give numbers
 * (@weekday: 0 = Sunday; @month: 1-12).
 */
export const MACRO_NAMES = [
  "@now", "@second", "@minute", "@hour", "@weekday", "@day", "@month", "@year",
  "@todayStart", "@todayEnd", "@monthStart", "@monthEnd", "@yearStart", "@yearEnd",
] as const;
export type MacroName = (typeof MACRO_NAMES)[number];

const NAMES = new Set<string>(MACRO_NAMES);

export const isMacro = (name: string): name is MacroName => NAMES.has(name);

const utc = (y: number, m: number, d: number, h = 0, mi = 0, s = 0, ms = 0) => formatDate(new Date(Date.UTC(y, m, d, h, mi, s, ms)));

/** The value of a macro at `now`, or undefined for a name that is not a macro. */
export function macroValue(name: string, now: Date = new Date()): string | number | undefined {
  if (!isMacro(name)) return undefined;
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  switch (name) {
    case "@now": return formatDate(now);
    case "@second": return now.getUTCSeconds();
    case "@minute": return now.getUTCMinutes();
    case "@hour": return now.getUTCHours();
    case "@weekday": return now.getUTCDay();
    case "@day": return d;
    case "@month": return m + 1;
    case "@year": return y;
    case "@todayStart": return utc(y, m, d);
    case "@todayEnd": return utc(y, m, d, 23, 59, 59, 999);
    case "@monthStart": return utc(y, m, 1);
    case "@monthEnd": return utc(y, m + 1, 0, 23, 59, 59, 999);
    case "@yearStart": return utc(y, 0, 1);
    case "@yearEnd": return utc(y, 11, 31, 23, 59, 59, 999);
  }
}
