import type { CollectionModel } from "../models/collection.js";
import type { QueryDialect, SqlFragment } from "../query/types.js";
import { recordResolver } from "./recordResolver.js";
import type { RequestInfo } from "./requestInfo.js";
import { compileRule } from "./rules.js";

export interface PathAccessOptions {
  /** The dialect of the database the list runs on. */
  dialect: QueryDialect;
  findCollection: (nameOrId: string) => CollectionModel | undefined;
  requestInfo: RequestInfo;
}

/**
 * For a non-admin's `filter` and `sort`: the records a relation path reaches must be ones the
 * requester may list, or a filter like `owner.posts_via_author.secret ~ 'x'` would read
 * values of records the requester cannot see (PocketBase closed this after v0.22). Each
 * joined record must meet its collection's List rule (evaluated for the same request, as a
 * subquery over its own alias); a collection listable by admins only contributes nothing.
 */
export function listAccess(opts: PathAccessOptions): (target: CollectionModel, alias: string) => SqlFragment | null {
  const q = opts.dialect.alias;
  return (target, alias) => {
    if (target.listRule === null) return { sql: "0=1", params: [] };
    if (target.listRule.trim() === "") return null;
    const sub = `__list:${alias}`;
    const resolver = recordResolver({ dialect: opts.dialect, collection: target, findCollection: opts.findCollection, requestInfo: opts.requestInfo, allowHiddenFields: false, table: sub });
    const rule = compileRule(target.listRule, resolver);
    const joins = rule.joins.map((j) => (typeof j === "string" ? { sql: j, params: [] as unknown[] } : { sql: j.sql, params: j.params ?? [] }));
    return {
      sql: `${q(alias)}.${q("id")} IN (SELECT ${q(sub)}.${q("id")} FROM ${q(target.name)} AS ${q(sub)}${joins.map((j) => " " + j.sql).join("")} WHERE ${rule.sql})`,
      params: [...joins.flatMap((j) => j.params), ...rule.params],
    };
  };
}
