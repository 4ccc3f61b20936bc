import type { Queryable } from "../db/types.js";
import { sqlQueryError } from "./errors.js";
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
 * filter, sort or paging parameter throws a QueryError (a bad request).
 */
export function buildListSql(opts: Omit<ListOptions<unknown>, "mapRow">): ListSql & { page: number; perPage: number; skipTotal: boolean } {
  const { page, perPage, skipTotal } = parsePagination(opts.query);
  const d = opts.resolver.dialect;
  const table = d.quote(opts.table);

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
  const joined: SqlFragment = { sql: joinList.map((j) => " " + j.sql).join(""), params: joinList.flatMap((j) => j.params) };
  const from: SqlFragment = { sql: `FROM ${table}${joined.sql}`, params: joined.params };
  // On an engine whose scans do not keep insertion order, the row-order column ends the order
  // (ties, and no sort at all, in insertion order as on SQLite).
  const tail = d.orderTies && opts.resolver.rowOrder !== undefined ? opts.resolver.rowOrder : "";
  const where: SqlFragment =
    conditions.length === 0
      ? { sql: "", params: [] }
      : { sql: " WHERE " + conditions.map((c) => (conditions.length > 1 ? `(${c.sql})` : c.sql)).join(" AND "), params: conditions.flatMap((c) => c.params) };
  // Joins may repeat a row (one per joined value): each row is listed and counted once.
  const distinct = joinList.length > 0;
  const paging = [BigInt(perPage), BigInt(pageOffset(page, perPage))];
  let select: SqlFragment;
  if (distinct) {
    const rows = d.distinctPage(table, joined, where, sort, sort.terms, tail);
    select = { sql: rows.sql, params: [...rows.params, ...paging] };
  } else {
    const terms = [sort.sql, tail].filter((t) => t !== "").join(", ");
    const orderBy = terms ? ` ORDER BY ${terms}` : "";
    select = { sql: `SELECT ${table}.* ${from.sql}${where.sql}${orderBy} LIMIT ? OFFSET ?`, params: [...from.params, ...where.params, ...sort.params, ...paging] };
  }
  const count: SqlFragment = distinct
    ? d.distinctCount(table, joined, where)
    : { sql: `SELECT COUNT(*) AS total ${from.sql}${where.sql}`, params: [...from.params, ...where.params] };
  return { select, count, page, perPage, skipTotal };
}

/**
 * Runs a paginated, filtered, sorted list query the way the reference does
 * (perPage default 30, max 500; skipTotal=1 gives totalItems/totalPages = -1).
 * A malformed filter or sort throws a QueryError; so does a query the database rejects
 * (e.g. an expression tree too large), as in the reference. The page and the count run at
 * once (on SQLite, slow ones on the read pool's worker threads).
 */
export async function runList<T>(db: Queryable, opts: ListOptions<T>): Promise<ListResult<T>> {
  const sql = buildListSql(opts);
  const [rows, counted] = await Promise.all([
    db.all(sql.select.sql, sql.select.params),
    sql.skipTotal ? undefined : db.get<CountRow>(sql.count.sql, sql.count.params),
  ]).catch((err: unknown) => {
    throw sqlQueryError(db.db.dialect, err);
  });
  return listResult(sql, rows, counted, opts.mapRow);
}

type CountRow = { total: number | bigint };

function listResult<T>(sql: { page: number; perPage: number; skipTotal: boolean }, rows: Record<string, unknown>[], counted: CountRow | undefined, mapRow: (row: Record<string, unknown>) => T): ListResult<T> {
  const totalItems = counted ? Number(counted.total) : -1;
  return {
    page: sql.page,
    perPage: sql.perPage,
    totalItems,
    totalPages: sql.skipTotal ? -1 : totalPages(totalItems, sql.perPage),
    items: rows.map((r) => mapRow(r)),
  };
}

function firstString(v: unknown): string | undefined {
  const x = Array.isArray(v) ? v[0] : v;
  return x === undefined || x === null ? undefined : String(x);
}
