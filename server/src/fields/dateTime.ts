/**
 * Date-times as the reference reads them: its own `2006-01-02 15:04:05.000Z` layout plus the
 * common ISO/RFC 3339 forms (T or space, optional fraction, Z or numeric offset, optional
 * space before the offset) and a plain date. Anything else reads as the zero time, shown "".
 * Values keep nanosecond precision for comparisons; they print with milliseconds in UTC.
 */
export interface DateTime {
  /** Milliseconds since the epoch (UTC). */
  ms: number;
  /** Nanoseconds below the millisecond (0-999999). */
  subMs: number;
}

const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:( ?)(Z|[+-]\d{2}:?\d{2}))?)?$/;

/** The zero time of the reference (0001-01-01 00:00:00 UTC). */
const ZERO_MS = Date.UTC(2000, 0, 1) - 730119 * 86400000;

const daysIn = (y: number, m: number) => [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];

/** Parses a date-time; null for the zero time (empty or unreadable input). */
export function parseDateTime(value: string): DateTime | null {
  if (value === "") return null;
  const m = ISO_RE.exec(value);
  if (!m) return null;
  const [, ys, mos, ds, hs, mis, ss, frac, space, zone] = m;
  const hasTime = hs !== undefined;
  // A space before "Z" is not a layout the reference knows; a space before an offset is.
  if (space && zone === "Z") return null;
  // Offsets need a colon after "T" only in RFC 3339; both forms are accepted with either separator.
  const y = Number(ys), mo = Number(mos), d = Number(ds);
  const h = hasTime ? Number(hs) : 0, mi = hasTime ? Number(mis) : 0, s = hasTime ? Number(ss) : 0;
  if (mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo) || h > 23 || mi > 59 || s > 59) return null;
  let offsetMin = 0;
  if (zone && zone !== "Z") {
    const digits = zone.replace(":", "");
    const oh = Number(digits.slice(1, 3)), om = Number(digits.slice(3, 5));
    if (oh > 23 || om > 59) return null;
    offsetMin = (zone[0] === "-" ? -1 : 1) * (oh * 60 + om);
  }
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, 0);
  const nanos = frac ? Number((frac + "000000000").slice(0, 9)) : 0;
  const ms = date.getTime() - offsetMin * 60000 + Math.floor(nanos / 1e6);
  const out = { ms, subMs: nanos % 1e6 };
  return ms === ZERO_MS && out.subMs === 0 ? null : out;
}

/** `YYYY-MM-DD HH:MM:SS.mmmZ` in UTC ("" for the zero time). */
export function formatDateTime(dt: DateTime | null): string {
  if (!dt) return "";
  const d = new Date(dt.ms);
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}Z`;
}

/** Normalizes a date-time text to the reference's format ("" when unreadable). */
export function normalizeDateTime(value: string): string {
  return formatDateTime(parseDateTime(value));
}

/** Orders two date-times (null = zero time, the earliest). */
export function compareDateTime(a: DateTime | null, b: DateTime | null): number {
  const av = a ? [a.ms, a.subMs] : [-Infinity, 0];
  const bv = b ? [b.ms, b.subMs] : [-Infinity, 0];
  return av[0] !== bv[0] ? (av[0] < bv[0] ? -1 : 1) : av[1] - bv[1];
}
