import type { ColumnInfo, Dialect, Queryable } from "../types.js";
import { isPgError, keyColumns, pgErrorText, SQLSTATE } from "./errors.js";
import { postgresQueryDialect } from "./queryDialect.js";
import { postgresSchemaEditor } from "./schemaEditor.js";

const quote = (name: string): string => '"' + name.replace(/"/g, '""') + '"';

/** The hidden insertion-order column of record tables: never a field; ordering uses it where SQLite uses rowid. */
export const ROWID_COLUMN = "_rowid";

/**
 * A JSON path as SQLite's JSON1 writes it (`$`, `$.a.b`, `$."a b"`, `$[0]`, `$[#-1]`) as a
 * PostgreSQL text-array path (`{a,b}`, `{0}`, `{-1}`: jsonb counts negative indexes from the end).
 */
export function jsonPathArray(path: string): string {
  const parts: string[] = [];
  const re = /\.(?:"((?:[^"\\]|\\.)*)"|([^.[]+))|\[(#-?\d+|-?\d+)\]/gy;
  let rest = path.startsWith("$") ? 1 : 0;
  re.lastIndex = rest;
  for (let m = re.exec(path); m; m = re.exec(path)) {
    rest = re.lastIndex;
    if (m[3] !== undefined) parts.push(m[3].replace(/^#/, "") || "0");
    else parts.push(m[1] ?? m[2]);
  }
  if (rest !== path.length) throw new Error(`unsupported JSON path: ${path}`);
  const element = (p: string) => '"' + p.replace(/["\\]/g, (c) => "\\" + c) + '"';
  return "{" + parts.map(element).join(",") + "}";
}

function uniqueViolationColumns(err: unknown): string[] | null {
  if (!isPgError(err) || err.code !== SQLSTATE.uniqueViolation) return null;
  // SQLite reports a primary key conflict apart from unique indexes (SQLITE_CONSTRAINT_PRIMARYKEY).
  if (err.constraint?.endsWith("_pkey")) return null;
  // SQLite names an index over expressions, not a column ("UNIQUE constraint failed: index 'idx'").
  if (err.constraint && keyHasExpression(err.detail)) return [`index '${err.constraint}'`];
  return keyColumns(err.detail);
}

/** Whether a unique violation's key (`Key (a, lower(b))=(…)`) has an expression: parentheses outside quoted names. */
function keyHasExpression(detail: string | undefined): boolean {
  const keys = /^Key \((.*)\)=\(/s.exec(detail ?? "")?.[1] ?? "";
  return /[()]/.test(keys.replace(/"(?:[^"]|"")*"/g, ""));
}

/**
 * PostgreSQL's dialect. JSON lives in TEXT columns holding exactly the text SQLite would hold;
 * the helpers cast to jsonb where they read it. Identifiers are double-quoted, case kept.
 *
 * The Dialect interface grows while the query builders and the schema editor learn PostgreSQL
 * (issue 32): members not written yet throw "not implemented on PostgreSQL yet" when used, so
 * the adapter works (and compiles) meanwhile. Add a member here (or spread another file's
 * members in) to implement it.
 */
const members: Partial<Record<keyof Dialect, unknown>> = {
  name: "postgres",
  quote,
  jsonValid: (expr: string) => `cairn_json_valid(${expr})`,
  // Lax wrapping makes a scalar one element, as SQLite's json_each does.
  jsonEach: (expr: string, alias: string) => `jsonb_array_elements_text(jsonb_path_query_array((${expr})::jsonb, 'lax $[*]')) AS ${quote(alias)}(value)`,
  // Filters, sorts and lists (query/): db/postgres/queryDialect.ts.
  ...postgresQueryDialect,
  async tableColumns(q: Queryable, name: string): Promise<ColumnInfo[]> {
    // A table or view of the current schema, in column order; the hidden row-order column is no field.
    const rows = await q.all<{ name: string; type: string }>(
      "SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type FROM pg_attribute a " +
        "WHERE a.attrelid = to_regclass(quote_ident(?)) AND a.attnum > 0 AND NOT a.attisdropped AND a.attname <> ? ORDER BY a.attnum",
      [name, ROWID_COLUMN],
    );
    return rows.map((r): ColumnInfo => ({ name: r.name, type: r.type }));
  },
  isSqlError: (err: unknown): err is Error => isPgError(err),
  uniqueViolationColumns,
  errorText: pgErrorText,
  schema: postgresSchemaEditor,
};

export const postgresDialect: Dialect = new Proxy(members, {
  get(target, key) {
    if (typeof key === "symbol" || key in target || key === "then" || key === "toJSON") return Reflect.get(target, key);
    throw new Error(`Dialect.${key} is not implemented on PostgreSQL yet`);
  },
}) as unknown as Dialect;
