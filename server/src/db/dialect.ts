import type { Queryable } from "./types.js";

/** A column of a table or view, as the database describes it. */
export interface ColumnInfo {
  name: string;
  type: string;
}

/**
 * Everything that differs between storage engines, as text builders and classifiers: the
 * query builders and repositories ask the dialect of the `Db` they run on instead of writing
 * engine-specific SQL themselves.
 */
export interface Dialect {
  readonly name: "sqlite" | "postgres";
  /** A quoted identifier (table, column, index). */
  quote(name: string): string;
  /** The value at a JSON path (`$.a.b`, `$[#-1]`) of a JSON text expression. */
  jsonExtract(expr: string, path: string): string;
  /** Whether a text expression holds valid JSON. */
  jsonValid(expr: string): string;
  /** The number of elements of a JSON array expression. */
  jsonArrayLength(expr: string): string;
  /** A table expression with one row per element of a JSON array (`alias.value` holds it). */
  jsonEach(expr: string, alias: string): string;
  /** The ESCAPE clause that goes with patterns built by query/like.ts. */
  readonly likeEscape: string;
  /** An INSERT that updates `update` columns when a row with the same `key` columns exists. */
  upsert(table: string, columns: readonly string[], key: readonly string[], update: readonly string[]): string;
  /** The columns of a table or view; throws when it does not resolve. */
  tableColumns(q: Queryable, name: string): Promise<ColumnInfo[]>;
  /** Whether the database refused a statement (bad SQL, a missing column, a constraint, ...). */
  isSqlError(err: unknown): err is Error;
  /** The columns a unique index refused a write on; null when err is no unique violation. */
  uniqueViolationColumns(err: unknown): string[] | null;
  /** An engine error worded as the reference words it ("SQL logic error: … (1)"). */
  errorText(err: unknown): string;
}
