import { queryError } from "./errors.js";
import type { ListQuery } from "./types.js";

export const DEFAULT_PER_PAGE = 30;
export const MAX_PER_PAGE = 500;

export interface Pagination {
  page: number;
  perPage: number;
  skipTotal: boolean;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Like the reference: a base-10 64-bit integer with optional sign; empty means absent; anything else is a bad request. */
function parseInt64(name: string, raw: unknown): number | undefined {
  const s = firstValue(raw);
  if (s === undefined || s === "") return undefined;
  if (!/^[+-]?\d+$/.test(s)) throw queryError(`invalid ${name} ${JSON.stringify(s.slice(0, 50))}`);
  const n = BigInt(s);
  if (n < INT64_MIN || n > INT64_MAX) throw queryError(`${name} out of range`);
  return Number(n);
}

const TRUE = new Set(["1", "t", "T", "TRUE", "true", "True"]);
const FALSE = new Set(["0", "f", "F", "FALSE", "false", "False"]);

function parseBool(name: string, raw: unknown): boolean {
  const s = firstValue(raw);
  if (s === undefined || s === "") return false;
  if (TRUE.has(s)) return true;
  if (FALSE.has(s)) return false;
  throw queryError(`invalid ${name} ${JSON.stringify(s.slice(0, 50))}`);
}

function firstValue(raw: unknown): string | undefined {
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (v === undefined || v === null) return undefined;
  return String(v);
}

/**
 * `page` defaults to 1 (values < 1 become 1); `perPage` defaults to 30 (values < 1
 * become 30, values > 500 become 500); `skipTotal` takes Go-style booleans
 * (1/t/true/0/f/false...). Malformed numbers or booleans are a bad request, as in the reference.
 */
export function parsePagination(query: Pick<ListQuery, "page" | "perPage" | "skipTotal">): Pagination {
  const page = parseInt64("page", query.page);
  const perPage = parseInt64("perPage", query.perPage);
  return {
    page: page === undefined || page < 1 ? 1 : page,
    perPage: perPage === undefined || perPage < 1 ? DEFAULT_PER_PAGE : Math.min(perPage, MAX_PER_PAGE),
    skipTotal: parseBool("skipTotal", query.skipTotal),
  };
}

export const totalPages = (totalItems: number, perPage: number): number => Math.ceil(totalItems / perPage);

/** Row offset of a page, capped so huge page numbers simply return no rows. */
export function pageOffset(page: number, perPage: number): number {
  return Math.min((page - 1) * perPage, Number.MAX_SAFE_INTEGER);
}
