import type { Db, Queryable } from "../db/types.js";
import { collectionsRepo, lookup } from "../db/collections.js";
import type { CollectionModel } from "../models/collection.js";
import { prepareRuleCheck } from "../query/rules.js";
import type { RequestInfo } from "../query/requestInfo.js";

/** Rules mentioning a datetime macro (`@now`, `@todayStart`, ...) are compiled per use: their values move. */
const MACRO = /@(?!request\.|collection\.)[a-z]/i;

const MAX_ENTRIES = 10_000;
/** A compiled check is also rebuilt after this long, so changes in related collections are picked up. */
const MAX_AGE_MS = 60_000;

type Check = (id: string) => Promise<boolean>;

/**
 * Compiled rule checks per subscriber group: compiling a rule (parse, resolve, SQL) costs
 * far more than running it, and a group (same collection version, rule, auth version and
 * options) checks every change of the collection with the same compiled statement.
 */
export class RuleChecks {
  private readonly cache = new Map<string, { at: number; check: Check }>();

  constructor(private readonly db: Db) {}

  /**
   * Whether record `id` meets `rule` for the request; `groupKey` names the auth version and
   * options. Checks on another Queryable than the database (a transaction) are not cached:
   * a compiled check runs on the Queryable it was made for.
   */
  async allows(q: Queryable, c: CollectionModel, rule: string, id: string, info: RequestInfo, groupKey: string): Promise<boolean> {
    if (rule.trim() === "") return true;
    if (MACRO.test(rule) || q !== this.db) return (await this.compile(q, c, rule, info))(id);
    const key = `${c.id}\n${c.updated}\n${rule}\n${groupKey}`;
    const now = Date.now();
    let hit = this.cache.get(key);
    if (!hit || now - hit.at > MAX_AGE_MS) {
      const check = await this.compile(q, c, rule, info);
      if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
      hit = { at: now, check };
      this.cache.set(key, hit);
    }
    return hit.check(id);
  }

  private async compile(q: Queryable, c: CollectionModel, rule: string, info: RequestInfo): Promise<Check> {
    const snap = await collectionsRepo.snapshot(q);
    return prepareRuleCheck(q, c, rule, info, { findCollection: (n) => lookup(snap, n) });
  }
}
