import Database from "better-sqlite3";
import type { ColumnInfo, Dialect, SqlPart } from "../types.js";
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

const part = (sql: string, ...params: unknown[][]): SqlPart => ({ sql, params: params.flat() });

/**
 * SQLite's dialect (JSON1 functions, backquoted identifiers), the one PocketBase v0.22 writes.
 * Its schema editor works on the adapter's connections, so database.ts adds it.
 */
export const sqliteDialect: Omit<Dialect, "schema"> = {
  name: "sqlite",
  quote,
  alias: quote,
  jsonValid: (expr) => `json_valid(${expr})`,
  jsonEach: (expr, alias) => `json_each(${expr}) ${quote(alias)}`,
  eachValue: (x, alias) => part(`json_each(CASE WHEN json_valid(${x.sql}) THEN ${x.sql} ELSE json_array(${x.sql}) END) AS ${alias}`, x.params, x.params, x.params),
  // `id IN (SELECT value ...)` applies the text column's affinity itself.
  valueText: (expr) => expr,
  leftJoinAll: (table) => `LEFT JOIN ${table}`,
  oneRow: "(SELECT 1)",
  jsonFieldValue: (c, path) => part(`(CASE WHEN json_valid(${c}) THEN json_extract(${c}, ?) ELSE json_extract(json_object('pb', ${c}), ?) END)`, ["$" + path, "$.pb" + path]),
  jsonKeyValue: (c, path) => part(`(CASE WHEN json_valid(${c}) THEN json_extract(${c}, ?) END)`, [path]),
  valueCount: (c) => `json_array_length(CASE WHEN json_valid(${c}) THEN ${c} ELSE (CASE WHEN ${c} = '' OR ${c} IS NULL THEN json_array() ELSE json_array(${c}) END) END)`,
  rowid: (alias) => `${alias}._rowid_`,
  // A scan returns rows in rowid order and the sorter keeps ties in scan order.
  orderTies: false,
  viewOrder: "",
  alwaysTrue: "1",
  truth: (value) => (value ? "TRUE" : "FALSE"),
  // SQLite compares by its own rules (affinity, storage classes): the operands as they are.
  compare: (op, l, r) => part(`${l.sql} ${op} ${r.sql}`, l.params, r.params),
  isNull: (x, negate) => part(`${x.sql} IS ${negate ? "NOT " : ""}NULL`, x.params),
  coalesceEmpty: (x) => ({ sql: `COALESCE(${x.sql}, '')`, params: x.params, kind: "value" }),
  like: (x, p, negate, contains) =>
    part(`${x.sql} ${negate ? "NOT LIKE" : "LIKE"} ${contains ? `('%' || ${p.sql} || '%')` : p.sql} ESCAPE '\\'`, x.params, p.params),
  sortTerm: (x, direction) => part(`${x.sql} ${direction}`, x.params),
  randomOrder: "RANDOM()",
  distinctPage: (table, joins, where, orderBy) =>
    part(`SELECT DISTINCT ${table}.* FROM ${table}${joins.sql}${where.sql}${orderBy.sql ? ` ORDER BY ${orderBy.sql}` : ""} LIMIT ? OFFSET ?`, joins.params, where.params, orderBy.params),
  distinctCount: (table, joins, where) => part(`SELECT COUNT(*) AS total FROM (SELECT DISTINCT ${table}.* FROM ${table}${joins.sql}${where.sql})`, joins.params, where.params),
  // The same expression as the `_logs_created_hour_idx` index, so SQLite can use it.
  hourOf: (expr) => `strftime('%Y-%m-%d %H:00:00', ${expr})`,
  async tableColumns(q, name) {
    const rows = await q.all<{ name: string; type: string }>(`PRAGMA table_info(${quote(name)})`);
    return rows.map((r): ColumnInfo => ({ name: r.name, type: r.type }));
  },
  isSqlError: (err: unknown): err is Error => err instanceof Database.SqliteError,
  uniqueViolationColumns,
  errorText: sqlErrorText,
};
