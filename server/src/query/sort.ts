import { queryError } from "./errors.js";
import { isValidIdentifier } from "./lexer.js";
import type { SortTerm } from "../db/types.js";
import type { FieldResolver, JoinClause, SqlFragment } from "./types.js";

export interface SortField {
  /** The identifier, or `@random`. */
  name: string;
  direction: "ASC" | "DESC";
}

/** An ORDER BY list (without the keywords) plus the JOIN clauses its fields need. */
export interface SortSql extends SqlFragment {
  joins: JoinClause[];
  /** The terms `sql` is made of. */
  terms: SortTerm[];
}

export const RANDOM_SORT = "@random";

/**
 * Parses `-created,+email,id,@random`: comma separated, each trimmed, `-` for
 * descending, `+` or nothing for ascending. An empty segment is a bad request.
 * An empty or undefined input gives no fields.
 */
export function parseSort(sort: string | undefined): SortField[] {
  if (sort === undefined || sort === "") return [];
  return sort.split(",").map((part) => {
    let name = part.trim();
    let direction: SortField["direction"] = "ASC";
    if (name.startsWith("-")) {
      direction = "DESC";
      name = name.slice(1);
    } else if (name.startsWith("+")) {
      name = name.slice(1);
    }
    if (name === "" || (name !== RANDOM_SORT && !isValidIdentifier(name))) {
      throw queryError(`invalid sort field ${JSON.stringify(name.slice(0, 100))}`);
    }
    return { name, direction };
  });
}

/** Resolves sort fields; `@random` (either direction) is a random order. Unknown fields are a bad request. */
export function sortToSql(fields: SortField[], resolver: FieldResolver): SortSql {
  const d = resolver.dialect;
  const parts: string[] = [];
  const params: unknown[] = [];
  const joins: JoinClause[] = [];
  const terms: SortTerm[] = [];
  for (const f of fields) {
    if (f.name === RANDOM_SORT) {
      parts.push(d.randomOrder);
      terms.push({ value: { sql: d.randomOrder, params: [], kind: "real" }, direction: "ASC" });
      continue;
    }
    const r = resolver.resolve(f.name);
    if (!r) throw queryError(`invalid sort field ${JSON.stringify(f.name)}`);
    const value = { sql: r.sql, params: r.params ?? [], kind: r.kind ?? "value" } as const;
    terms.push({ value, direction: f.direction });
    const term = d.sortTerm(value, f.direction);
    parts.push(term.sql);
    params.push(...term.params);
    joins.push(...(r.joins ?? []));
  }
  return { sql: parts.join(", "), params, joins, terms };
}

export const compileSort = (sort: string | undefined, resolver: FieldResolver): SortSql => sortToSql(parseSort(sort), resolver);
