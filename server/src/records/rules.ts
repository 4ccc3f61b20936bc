import type { Queryable } from "../db/types.js";
import type { CollectionModel } from "../models/collection.js";
import type { SqlFragment, JoinClause, FieldResolver } from "../query/types.js";
import { compileRule, ruleAllows } from "../query/rules.js";
import { recordResolver } from "../query/recordResolver.js";
import type { RequestInfo } from "../query/requestInfo.js";
import { listAccess } from "../query/pathAccess.js";

/**
 * The one integration point between the records API and API rule evaluation
 * (src/rules/). Callers have already handled a null rule (admins only) and admins
 * (who skip rules); an empty rule lets everything pass.
 */
export interface RuleTarget {
  /** What the check reads: the database, or the transaction that must see its own writes. */
  q: Queryable;
  collection: CollectionModel;
  rule: string;
  requestInfo: RequestInfo;
  findCollection: (nameOrId: string) => CollectionModel | undefined;
}

/** Whether the record `recordId` meets the rule (view, update, delete, and create after the insert). */
export async function checkRule(t: RuleTarget, recordId: string): Promise<boolean> {
  if (t.rule.trim() === "") return true;
  return ruleAllows(t.q, t.collection, t.rule, recordId, t.requestInfo, { findCollection: t.findCollection });
}

/** The rule as a list condition (runList's `where`, on `t.q`); undefined for an empty rule. */
export function ruleWhere(t: RuleTarget): (SqlFragment & { joins?: JoinClause[] }) | undefined {
  if (t.rule.trim() === "") return undefined;
  const resolver = recordResolver({ dialect: t.q.db.dialect, collection: t.collection, findCollection: t.findCollection, requestInfo: t.requestInfo, allowHiddenFields: false });
  return compileRule(t.rule, resolver);
}

/** The resolver of a list's own `filter` and `sort` (run on `t.q`). */
export function filterResolver(t: Omit<RuleTarget, "rule">, admin: boolean): FieldResolver {
  const dialect = t.q.db.dialect;
  return recordResolver({
    dialect,
    collection: t.collection,
    findCollection: t.findCollection,
    requestInfo: t.requestInfo,
    allowHiddenFields: admin,
    allowRequestFields: admin,
    relationAccess: admin ? undefined : listAccess({ dialect, findCollection: t.findCollection, requestInfo: t.requestInfo }),
  });
}
