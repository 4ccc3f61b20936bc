import type { JoinClause, SqlFragment } from "./types.js";

/** A JOIN clause as a fragment (a bare string has no parameters). */
export const joinFragment = (j: JoinClause): SqlFragment => (typeof j === "string" ? { sql: j, params: [] } : { sql: j.sql, params: j.params ?? [] });

/** The identity of a fragment: its SQL and its parameters (typed, so 1 and "1" differ). */
export const fragmentKey = (f: SqlFragment): string => f.sql + "\u0000" + f.params.map((p) => typeof p + ":" + String(p)).join("\u0000");

/** JOIN clauses in first-use order, each distinct one (same SQL and parameters) kept once. */
export class JoinSet {
  private readonly joins = new Map<string, SqlFragment>();

  add(j: JoinClause): void {
    const f = joinFragment(j);
    const key = fragmentKey(f);
    if (!this.joins.has(key)) this.joins.set(key, f);
  }

  list(): SqlFragment[] {
    return [...this.joins.values()];
  }
}
