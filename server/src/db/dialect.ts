/**
 * The SQL dialect seam. Everything that differs between SQLite and a future
 * PostgreSQL backend (identifier quoting, time functions, JSON access) goes here.
 */
export function quoteIdent(name: string): string {
  return "`" + name.replace(/`/g, "``") + "`";
}
