import { DomainError, type ErrorKind } from "../tools/errors.js";

/** The one table from a domain error's kind to its HTTP status. */
const STATUS: Record<ErrorKind, number> = {
  bad_request: 400,
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  too_large: 413,
  too_many_requests: 429,
};

export const errorStatus = (err: DomainError): number => STATUS[err.kind];

export interface ErrorBody {
  code: number;
  message: string;
  data: unknown;
  [extra: string]: unknown;
}

/**
 * The reference's envelope `{code, message, data}`; errors nested in data (a batch's failed
 * request) become envelopes too. An error's extra keys sit beside them (a sign-in waiting for
 * its second factor answers `mfaId` at the top, where PocketBase v0.23's SDK reads it).
 */
export const errorBody = (err: DomainError): ErrorBody => ({ ...err.extra, code: errorStatus(err), message: err.message, data: nestedBodies(err.data) });

function nestedBodies(v: unknown): unknown {
  if (v instanceof DomainError) return errorBody(v);
  if (Array.isArray(v)) return v.map(nestedBodies);
  if (v === null || typeof v !== "object") return v;
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return v;
  const out: Record<string, unknown> = {};
  // defineProperty: a user-chosen key such as "__proto__" stays an own key.
  for (const [k, x] of Object.entries(v)) Object.defineProperty(out, k, { value: nestedBodies(x), enumerable: true, writable: true, configurable: true });
  return out;
}
