import { quoteIdent } from "../db/quote.js";
import type { FieldResolver, ResolvedField } from "./types.js";

export interface TableResolverOptions {
  /** Columns holding JSON, whose keys can be reached as `column.key.subkey` (`column.0` is an array index). */
  jsonColumns?: string[];
  /** Resolve `@rowid` to the table's rowid (the reference v0.22 rejects it for admins and logs). */
  rowid?: boolean;
}

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const INDEX = /^\d+$/;

/**
 * A resolver for a plain table: exactly the listed columns (qualified with the
 * table name), plus JSON keys of the JSON columns. A JSON key resolves to
 * json_extract with the path as a bound parameter and compares with IS / IS NOT,
 * so a missing key is NULL and differs from "" (as the reference does for logs).
 */
export function tableResolver(table: string, columns: string[], opts: TableResolverOptions = {}): FieldResolver {
  const cols = new Set(columns);
  const jsonCols = new Set(opts.jsonColumns ?? []);
  const col = (name: string) => `${quoteIdent(table)}.${quoteIdent(name)}`;

  return {
    resolve(identifier: string): ResolvedField | null {
      if (typeof identifier !== "string") return null;
      if (cols.has(identifier)) return { sql: col(identifier) };
      if (identifier === "@rowid" && opts.rowid) return { sql: `${quoteIdent(table)}._rowid_` };
      const dot = identifier.indexOf(".");
      if (dot <= 0) return null;
      const name = identifier.slice(0, dot);
      if (!jsonCols.has(name)) return null;
      const keys = identifier.slice(dot + 1).split(".");
      if (keys.some((k) => k === "" || /["\\]/.test(k))) return null;
      const path = "$" + keys.map((k) => (INDEX.test(k) ? `[${k}]` : PLAIN_KEY.test(k) ? `.${k}` : `."${k}"`)).join("");
      const c = col(name);
      return { sql: `(CASE WHEN json_valid(${c}) THEN json_extract(${c}, ?) END)`, params: [path], noCoalesce: true };
    },
  };
}
