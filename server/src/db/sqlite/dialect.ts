import Database from "better-sqlite3";
import type { ColumnInfo, Dialect } from "../types.js";
import { sqlErrorText } from "./errorText.js";

const quote = (name: string): string => "`" + name.replace(/`/g, "``") + "`";

function uniqueViolationColumns(err: unknown): string[] | null {
  if (!(err instanceof Database.SqliteError) || err.code !== "SQLITE_CONSTRAINT_UNIQUE") return null;
  const cols = /UNIQUE constraint failed: (.*)$/.exec(err.message)?.[1] ?? "";
  return cols
    .split(",")
    .map((part) => part.trim().split(".").pop() ?? "")
    .filter((col) => col !== "");
}

/**
 * SQLite's dialect (JSON1 functions, backquoted identifiers), the one PocketBase v0.22 writes.
 * Its schema editor works on the adapter's connections, so database.ts adds it.
 */
export const sqliteDialect: Omit<Dialect, "schema"> = {
  name: "sqlite",
  quote,
  jsonExtract: (expr, path) => `json_extract(${expr}, '${path.replace(/'/g, "''")}')`,
  jsonValid: (expr) => `json_valid(${expr})`,
  jsonArrayLength: (expr) => `json_array_length(${expr})`,
  jsonEach: (expr, alias) => `json_each(${expr}) ${quote(alias)}`,
  likeEscape: "ESCAPE '\\'",
  upsert: (table, columns, key, update) =>
    `INSERT INTO ${quote(table)} (${columns.map(quote).join(", ")}) VALUES (${columns.map(() => "?").join(", ")}) ` +
    `ON CONFLICT (${key.map(quote).join(", ")}) DO UPDATE SET ${update.map((c) => `${quote(c)} = excluded.${quote(c)}`).join(", ")}`,
  async tableColumns(q, name) {
    const rows = await q.all<{ name: string; type: string }>(`PRAGMA table_info(${quote(name)})`);
    return rows.map((r): ColumnInfo => ({ name: r.name, type: r.type }));
  },
  isSqlError: (err: unknown): err is Error => err instanceof Database.SqliteError,
  uniqueViolationColumns,
  errorText: sqlErrorText,
};
