/**
 * The contract between list endpoints and the filter engine. A resolver maps an
 * identifier from a filter or sort expression (`email`, `data.auth`, `created`) to a
 * SQL expression; records and API rules plug in richer resolvers later (joins,
 * `@request.*`, `@collection.*`) behind the same interface.
 */
export interface ResolvedField {
  /** SQL expression for the identifier, e.g. "`_admins`.`email`" or "json_extract(`data`, '$.auth')". */
  sql: string;
  /** Values bound to `?` placeholders inside `sql`, in order. */
  params?: unknown[];
  /** Extra JOIN clauses the expression needs (deduplicated by the builder). */
  joins?: string[];
  /** True when the field holds multiple values (json array), enabling any-of semantics. */
  multiple?: boolean;
}

export interface FieldResolver {
  /** Returns null when the identifier is unknown (a 400 for the caller). */
  resolve(identifier: string): ResolvedField | null;
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
