import Database from "better-sqlite3";
import { cachedStatement, type DB } from "../db/connection.js";
import { quoteIdent } from "../db/dialect.js";
import { queryError } from "./errors.js";
import { compileFilter } from "./filterSql.js";
import { pageOffset, parsePagination, totalPages } from "./pagination.js";
import type { ParseOptions } from "./parser.js";
import { compileSort } from "./sort.js";
import type { FieldResolver, JoinClause, ListQuery, ListResult, SqlFragment } from "./types.js";
import { JoinSet } from "./joins.js";

export interface ListOptions<T> {
  /** Table to select from (quoted by the builder). */
  table: string;
  /** Resolves filter/sort identifiers to SQL. */
  resolver: FieldResolver;
  /** The raw URL parameters (page, perPage, sort, filter, skipTotal). */
  query: ListQuery;
  /** Sort applied when the query has none, in the same syntax (e.g. "-created"). */
  defaultSort?: string;
  /** Maps a raw row to the response item. */
  mapRow: (row: Record<string, unknown>) => T;
  /**
   * A condition every row must also meet (e.g. an API rule), AND-ed with the filter; its
   * `joins` are added to the query (shared with the filter's when they are the same).
   */
  where?: SqlFragment & { joins?: JoinClause[] };
  /** The instant the filter's datetime macros refer to (default: now). */
  now?: Date;
  /** Limits for parsing the filter. */
  parse?: ParseOptions;
}

/** The SQL a list runs, exposed for tests and for callers that need it (e.g. exports). */
export interface ListSql {
  select: SqlFragment;
  count: SqlFragment;
}

/**
 * Builds the SELECT (with LIMIT/OFFSET) and COUNT statements of a list. A malformed
 * filter, sort or paging parameter throws a 400 ApiError.
 */
export function buildListSql(opts: Omit<ListOptions<unknown>, "mapRow">): ListSql & { page: number; perPage: number; skipTotal: boolean } {
  const { page, perPage, skipTotal } = parsePagination(opts.query);
  const table = quoteIdent(opts.table);

  const joins = new JoinSet();
  const addJoin = (j: JoinClause) => joins.add(j);

  const conditions: SqlFragment[] = [];
  if (opts.where) {
    opts.where.joins?.forEach(addJoin);
    conditions.push({ sql: opts.where.sql, params: opts.where.params ?? [] });
  }
  const filter = firstString(opts.query.filter);
  if (filter !== undefined && filter !== "") {
    const f = compileFilter(filter, opts.resolver, { now: opts.now, parse: opts.parse });
    f.joins.forEach(addJoin);
    conditions.push(f);
  }

  const rawSort = firstString(opts.query.sort);
  const sort = compileSort(rawSort !== undefined && rawSort !== "" ? rawSort : opts.defaultSort, opts.resolver);
  sort.joins.forEach(addJoin);

  const joinList = joins.list();
  const from: SqlFragment = {
    sql: `FROM ${table}` + joinList.map((j) => " " + j.sql).join(""),
    params: joinList.flatMap((j) => j.params),
  };
  const where: SqlFragment =
    conditions.length === 0
      ? { sql: "", params: [] }
      : { sql: " WHERE " + conditions.map((c) => (conditions.length > 1 ? `(${c.sql})` : c.sql)).join(" AND "), params: conditions.flatMap((c) => c.params) };
  const distinct = joinList.length > 0 ? "DISTINCT " : "";
  const orderBy = sort.sql ? ` ORDER BY ${sort.sql}` : "";

  const select: SqlFragment = {
    sql: `SELECT ${distinct}${table}.* ${from.sql}${where.sql}${orderBy} LIMIT ? OFFSET ?`,
    params: [...from.params, ...where.params, ...sort.params, BigInt(perPage), BigInt(pageOffset(page, perPage))],
  };
  const count: SqlFragment = distinct
    ? { sql: `SELECT COUNT(*) AS total FROM (SELECT DISTINCT ${table}.* ${from.sql}${where.sql})`, params: [...from.params, ...where.params] }
    : { sql: `SELECT COUNT(*) AS total ${from.sql}${where.sql}`, params: [...from.params, ...where.params] };
  return { select, count, page, perPage, skipTotal };
}

/**
 * Runs a paginated, filtered, sorted list query the way the reference does
 * (perPage default 30, max 500; skipTotal=1 gives totalItems/totalPages = -1).
 * A malformed filter or sort throws a 400 ApiError; so does a query SQLite rejects
 * (e.g. an expression tree too large), as in the reference.
 */
export function runList<T>(db: DB, opts: ListOptions<T>): ListResult<T> {
  const { select, count, page, perPage, skipTotal } = buildListSql(opts);
  let rows: Record<string, unknown>[];
  let totalItems = -1;
  try {
    rows = cachedStatement(db, select.sql).all(...select.params) as Record<string, unknown>[];
    if (!skipTotal) {
      const row = cachedStatement(db, count.sql).get(...count.params) as { total: number | bigint };
      totalItems = Number(row.total);
    }
  } catch (err) {
    if (err instanceof Database.SqliteError) throw queryError(`SQL error: ${err.message}`);
    throw err;
  }
  return {
    page,
    perPage,
    totalItems,
    totalPages: skipTotal ? -1 : totalPages(totalItems, perPage),
    items: rows.map((r) => opts.mapRow(r)),
  };
}

function firstString(v: unknown): string | undefined {
  const x = Array.isArray(v) ? v[0] : v;
  return x === undefined || x === null ? undefined : String(x);
}
