import type { DB } from "../db/connection.js";
import type { FieldResolver, ListQuery, ListResult } from "./types.js";

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
}

/**
 * Runs a paginated, filtered, sorted list query the way the reference does
 * (perPage default 30, max 500; skipTotal=1 gives totalItems/totalPages = -1).
 * A malformed filter or sort throws a 400 ApiError.
 */
export function runList<T>(_db: DB, _opts: ListOptions<T>): ListResult<T> {
  throw new Error("runList: not implemented yet");
}
