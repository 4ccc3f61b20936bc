/** Default text truncation length. */
export const TRUNCATE_DEFAULT = 150;

export function truncate(text: string, max: number = TRUNCATE_DEFAULT, ellipsis = true): string {
  const s = String(text ?? "");
  if (s.length <= max) return s;
  return s.slice(0, max) + (ellipsis ? "..." : "");
}

function pad(n: number, len = 2): string {
  return String(n).padStart(len, "0");
}

/** Parses a stored UTC date ("2024-01-02 03:04:05.678Z" or ISO) into a Date (null when invalid). */
export function parseUtcDate(value: string): Date | null {
  if (!value) return null;
  const iso = value.includes("T") ? value : value.replace(" ", "T");
  const withZone = /Z$|[+-]\d\d:?\d\d$/.test(iso) ? iso : iso + "Z";
  const d = new Date(withZone);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Formats a date as yyyy-MM-dd HH:mm:ss, in UTC by default. */
export function formatDate(value: string | Date, opts: { utc?: boolean } = {}): string {
  const d = typeof value === "string" ? parseUtcDate(value) : value;
  if (!d) return typeof value === "string" ? value : "";
  const utc = opts.utc !== false;
  const y = utc ? d.getUTCFullYear() : d.getFullYear();
  const mo = (utc ? d.getUTCMonth() : d.getMonth()) + 1;
  const da = utc ? d.getUTCDate() : d.getDate();
  const h = utc ? d.getUTCHours() : d.getHours();
  const mi = utc ? d.getUTCMinutes() : d.getMinutes();
  const s = utc ? d.getUTCSeconds() : d.getSeconds();
  return `${y}-${pad(mo)}-${pad(da)} ${pad(h)}:${pad(mi)}:${pad(s)}`;
}

/** Whether a value counts as empty for display (null, undefined, "", [], {}). */
export function isEmptyValue(v: unknown): boolean {
  if (v === null || v === undefined || v === "") return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === "object") return Object.keys(v as object).length === 0 && !(v instanceof Date);
  return false;
}

export function plural(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}

const SIZE_UNITS = ["B", "KB", "MB", "GB", "TB"];

/** A byte count for people: 1 decimal from KB up (1024-based), "0 B" for nothing. */
export function formatFileSize(bytes: number): string {
  let n = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let unit = 0;
  while (n >= 1024 && unit < SIZE_UNITS.length - 1) {
    n /= 1024;
    unit++;
  }
  return unit === 0 ? `${n} B` : `${n.toFixed(1).replace(/\.0$/, "")} ${SIZE_UNITS[unit]}`;
}
