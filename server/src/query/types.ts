/**
 * The contract between list endpoints and the filter engine. A resolver maps an
 * identifier from a filter or sort expression (`email`, `data.auth`, `created`) to a
 * SQL expression; records and API rules plug in richer resolvers later (joins,
 * `@request.*`, `@collection.*`) behind the same interface.
 */

import type { Dialect, SqlPart, ValueKind } from "../db/types.js";

/** A piece of SQL with the values of its `?` placeholders, in order. */
export type SqlFragment = SqlPart;

/** What the query builders ask of a database's dialect (all of it but the schema editor). */
export type QueryDialect = Omit<Dialect, "schema">;

/** A JOIN clause for the main query; plain strings carry no parameters. */
export type JoinClause = string | { sql: string; params?: unknown[] };

export interface ResolvedField {
  /** SQL expression for the identifier, e.g. "`_admins`.`email`" or "json_extract(`data`, ?)". */
  sql: string;
  /** Values bound to `?` placeholders inside `sql`, in order. */
  params?: unknown[];
  /**
   * Extra JOIN clauses the expression needs (deduplicated by the builder). The main
   * query then selects DISTINCT rows and counts distinct rows.
   */
  joins?: JoinClause[];
  /**
   * True when the field holds multiple values: `?op` then means "some value matches"
   * and a plain op means "some value matches and none fails" (an empty array counts as
   * one NULL value, like the reference's LEFT JOIN json_each). Two forms:
   * - without `values`, `sql` is a JSON array (or a scalar, counted as one value) and
   *   the builder searches its elements with EXISTS subqueries: no joins needed;
   * - with `values`, `sql` is one value per row of the main query (the resolver's
   *   `joins` expand the rows, as the reference does; the list then selects DISTINCT)
   *   and `values` is used for the "none fails" check.
   */
  multiple?: boolean;
  /**
   * For a multiple field: a (correlated) SELECT yielding one row per value of the
   * current row, in a column named `v`.
   */
  values?: SqlFragment;
  /**
   * Compare with `IS` / `IS NOT` instead of the reference's null/empty-string folding
   * (the reference does this for values extracted from JSON, e.g. `data.auth`).
   */
  noCoalesce?: boolean;
  /**
   * Compare the operand like a literal instead of a column (the reference does this for
   * values it binds as parameters, e.g. `@request.*`): an `empty` one (null or '') folds
   * with NULL like the literals '' and null, a non-empty one compares directly (no
   * COALESCE), and `likeText`, when set, is the text a `~` pattern is built from.
   */
  literal?: { empty: boolean; likeText?: string };
  /**
   * A condition AND-ed with every comparison that uses the field (the reference hides
   * auth emails this way: `email = 'x'` also requires `emailVisibility = TRUE`).
   */
  guard?: SqlFragment;
  /** What `sql` holds (and each value of `values`), for the dialect's comparisons; default "value". */
  kind?: ValueKind;
}

export interface FieldResolver {
  /** The dialect of the database the SQL runs on (the builders ask it for engine-specific SQL). */
  readonly dialect: QueryDialect;
  /** Returns null when the identifier is unknown (a bad request for the caller). */
  resolve(identifier: string): ResolvedField | null;
  /**
   * The column ordering the main table's rows as inserted: a list ends its ORDER BY with it
   * when the dialect asks (`orderTies`). Unset for tables without one.
   */
  readonly rowOrder?: string;
}

/** Raw list query parameters as they arrive in the URL. */
export interface ListQuery {
  page?: string;
  perPage?: string;
  sort?: string;
  filter?: string;
  skipTotal?: string;
}

export interface ListResult<T> {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: T[];
}
