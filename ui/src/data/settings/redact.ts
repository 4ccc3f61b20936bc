/** The placeholder the server returns for secrets it will not reveal. */
export const REDACTED = "******";

/** Removes redacted properties (deeply) so the server keeps the stored secrets. */
export function stripRedacted<T>(value: T): T {
  if (Array.isArray(value)) return value.map(stripRedacted) as T;
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === REDACTED) continue;
    out[k] = stripRedacted(v);
  }
  return out as T;
}
