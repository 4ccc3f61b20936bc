import type { ValueKind } from "../db/types.js";
import type { FieldResolver, QueryDialect, ResolvedField } from "./types.js";

export interface TableResolverOptions {
  /** Columns holding JSON, whose keys can be reached as `column.key.subkey` (`column.0` is an array index). */
  jsonColumns?: string[];
  /** Resolve `@rowid` to the table's rowid (the reference v0.22 rejects it for admins and logs). */
  rowid?: boolean;
  /** What each column holds (default: text). */
  kinds?: Record<string, ValueKind>;
  /** A column ordering the rows as inserted (`_logs`' rowid), for lists on engines that need it (`Dialect.orderTies`). */
  rowOrder?: string;
  /** The table has the engine's insertion-order column (`Dialect.rowid`: SQLite's rowid, PostgreSQL's hidden `_rowid`): ties follow it. */
  insertionOrder?: boolean;
}

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const INDEX = /^\d+$/;

/**
 * A resolver for a plain table: exactly the listed columns (qualified with the
 * table name), plus JSON keys of the JSON columns. A JSON key resolves to the
 * dialect's JSON path read with the path as a bound parameter and compares with IS / IS NOT,
 * so a missing key is NULL and differs from "" (as the reference does for logs).
 */
export function tableResolver(dialect: QueryDialect, table: string, columns: string[], opts: TableResolverOptions = {}): FieldResolver {
  const cols = new Set(columns);
  const jsonCols = new Set(opts.jsonColumns ?? []);
  const q = dialect.quote;
  const col = (name: string) => `${q(table)}.${q(name)}`;
  const kindOf = (name: string): ValueKind => opts.kinds?.[name] ?? (jsonCols.has(name) ? "json" : "text");

  return {
    dialect,
    rowOrder: opts.rowOrder !== undefined ? col(opts.rowOrder) : opts.insertionOrder ? dialect.rowid(q(table)) : undefined,
    resolve(identifier: string): ResolvedField | null {
      if (typeof identifier !== "string") return null;
      if (cols.has(identifier)) return { sql: col(identifier), kind: kindOf(identifier) };
      if (identifier === "@rowid" && opts.rowid) return { sql: dialect.rowid(q(table)), kind: "integer" };
      const dot = identifier.indexOf(".");
      if (dot <= 0) return null;
      const name = identifier.slice(0, dot);
      if (!jsonCols.has(name)) return null;
      const keys = identifier.slice(dot + 1).split(".");
      if (keys.some((k) => k === "" || /["\\]/.test(k))) return null;
      const path = "$" + keys.map((k) => (INDEX.test(k) ? `[${k}]` : PLAIN_KEY.test(k) ? `.${k}` : `."${k}"`)).join("");
      const value = dialect.jsonKeyValue(col(name), path);
      return { sql: value.sql, params: value.params, noCoalesce: true, kind: "value" };
    },
  };
}
