import type { Dialect } from "../db/types.js";
import { DomainError } from "../tools/errors.js";

/** The reference's generic body for a bad filter, sort or paging parameter. */
export const GENERIC_MESSAGE = "Something went wrong while processing your request.";

/**
 * Malformed list input (a bad request). The HTTP body stays the reference's generic one
 * (`data: {}`); `detail` says what was wrong, for logs and tests.
 */
export class QueryError extends DomainError {
  constructor(readonly detail: string) {
    super("bad_request", GENERIC_MESSAGE, {});
  }
}

export const queryError = (detail: string): QueryError => new QueryError(detail);

/** A statement the database refused, as the reference answers it (a bad request, "SQL error: …"); other errors as they are. */
export function sqlQueryError(dialect: Dialect, err: unknown): unknown {
  return dialect.isSqlError(err) ? queryError(`SQL error: ${err.message}`) : err;
}
