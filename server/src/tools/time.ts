/** The reference's datetime text format: `YYYY-MM-DD HH:MM:SS.sssZ` in UTC. */
export function formatDate(d: Date): string {
  return d.toISOString().replace("T", " ");
}

export function nowString(): string {
  return formatDate(new Date());
}

/** Parses the stored format (or any ISO-ish date); returns null when invalid or empty. */
export function parseDate(s: string): Date | null {
  if (!s) return null;
  const d = new Date(s.includes("T") ? s : s.replace(" ", "T"));
  return Number.isNaN(d.getTime()) ? null : d;
}
