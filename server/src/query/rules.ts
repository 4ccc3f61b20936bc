import type { Queryable } from "../db/types.js";
import { forbidden } from "../tools/errors.js";
import type { CollectionModel } from "../models/collection.js";
import { sqlQueryError } from "./errors.js";
import { compileFilter, type FilterSqlOptions } from "./filterSql.js";
import type { FieldResolver, JoinClause, ListQuery, SqlFragment } from "./types.js";
import { recordResolver } from "./recordResolver.js";
import { joinFragment } from "./joins.js";
import type { RequestInfo } from "./requestInfo.js";

/** An API rule as SQL: a condition on the collection's table plus the joins it needs (runList's `where`). */
export interface RuleSql extends SqlFragment {
  joins: JoinClause[];
}

/**
 * Compiles an API rule with a record resolver. An empty (or blank) rule lets every
 * record pass; a null rule (admins only) is the caller's to check before. A rule that
 * does not parse or resolve is a QueryError.
 */
export function compileRule(rule: string, resolver: FieldResolver, opts: FilterSqlOptions = {}): RuleSql {
  // An empty rule: every record passes.
  if (rule.trim() === "") return { sql: resolver.dialect.alwaysTrue, params: [], joins: [] };
  const f = compileFilter(rule, resolver, opts);
  return { sql: f.sql, params: f.params, joins: f.joins };
}

export interface RuleCheckOptions {
  /** Finds collections for relation paths (from a snapshot the caller took: `collectionsRepo.snapshot`). */
  findCollection: (nameOrId: string) => CollectionModel | undefined;
  /** Default true: view, update and delete rules may read hidden emails (the reference's behaviour). */
  allowHiddenFields?: boolean;
  /** The instant the datetime macros refer to (default: now). */
  now?: Date;
}

/**
 * Whether the record `recordId` exists and meets `rule` for the request (view, update and
 * delete checks; the create check runs it on the record inserted in a transaction).
 * A null rule is admin-only: false here (admins skip the check).
 */
export async function ruleAllows(
  db: Queryable,
  collection: CollectionModel,
  rule: string | null,
  recordId: string,
  requestInfo: RequestInfo,
  opts: RuleCheckOptions,
): Promise<boolean> {
  if (rule === null) return false;
  return prepareRuleCheck(db, collection, rule, requestInfo, opts)(recordId);
}

/**
 * The rule compiled once for one request, as a check to run on any number of records (the
 * realtime fan-out checks each change against the same subscriber's rule). Compile errors
 * are thrown here; SQL errors when a check runs.
 */
export function prepareRuleCheck(
  db: Queryable,
  collection: CollectionModel,
  rule: string,
  requestInfo: RequestInfo,
  opts: RuleCheckOptions,
): (recordId: string) => Promise<boolean> {
  const resolver = recordResolver({
    dialect: db.db.dialect,
    collection,
    findCollection: opts.findCollection,
    requestInfo,
    allowHiddenFields: opts.allowHiddenFields ?? true,
  });
  const where = compileRule(rule, resolver, { now: opts.now });
  const q = db.db.dialect.quote;
  const table = q(collection.name);
  const joins = where.joins.map(joinFragment);
  const sql = `SELECT 1 FROM ${table}${joins.map((j) => " " + j.sql).join("")} WHERE ${table}.${q("id")} = ? AND (${where.sql}) LIMIT 1`;
  const joinParams = joins.flatMap((j) => j.params);
  return async (recordId) => {
    try {
      return (await db.get(sql, [...joinParams, recordId, ...where.params])) !== undefined;
    } catch (err) {
      throw sqlQueryError(db.db.dialect, err);
    }
  };
}

const ADMIN_ONLY_PREFIXES = ["@collection.", "@request."];

/**
 * The reference refuses a non-admin's `filter` or `sort` that mentions `@collection.` or
 * `@request.` anywhere (even inside a quoted text): forbidden, checked before anything else.
 */
export function checkAdminOnlyFields(query: Pick<ListQuery, "filter" | "sort">): void {
  for (const raw of [query.filter, query.sort]) {
    const v = Array.isArray(raw) ? raw[0] : raw;
    if (typeof v !== "string" || v === "") continue;
    for (const prefix of ADMIN_ONLY_PREFIXES) {
      if (v.includes(prefix)) throw forbidden(`Only admins can filter by ${prefix}`);
    }
  }
}
