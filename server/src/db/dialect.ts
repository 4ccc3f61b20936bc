/**
 * The SQL dialect seam. Everything that differs between SQLite and a future
 * PostgreSQL backend (identifier quoting, time functions, JSON access) goes here.
 */
export function quoteIdent(name: string): string {
  return "`" + name.replace(/`/g, "``") + "`";
}

/** The reference's text timestamp format: `YYYY-MM-DD HH:MM:SS.sssZ` (UTC). */
export const NOW_SQL = "strftime('%Y-%m-%d %H:%M:%fZ')";

/** `json_extract` path for a dotted key list: data.a.b -> $.a.b (keys are quoted). */
export function jsonPath(keys: string[]): string {
  return "$" + keys.map((k) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(k) ? "." + k : `."${k.replace(/"/g, '\\"')}"`)).join("");
}
