import type { DB } from "../db/connection.js";
import type { CollectionModel } from "../models/collection.js";
import { prepareRuleCheck } from "../query/rules.js";
import type { RequestInfo } from "../query/requestInfo.js";

/** Rules mentioning a datetime macro (`@now`, `@todayStart`, ...) are compiled per use: their values move. */
const MACRO = /@(?!request\.|collection\.)[a-z]/i;

const MAX_ENTRIES = 10_000;
/** A compiled check is also rebuilt after this long, so changes in related collections are picked up. */
const MAX_AGE_MS = 60_000;

/**
 * Compiled rule checks per subscriber group: compiling a rule (parse, resolve, SQL) costs
 * far more than running it, and a group (same collection version, rule, auth version and
 * options) checks every change of the collection with the same compiled statement.
 */
export class RuleChecks {
  private readonly cache = new Map<string, { at: number; check: (id: string) => boolean }>();

  constructor(
    private readonly db: DB,
    private readonly findCollection: (nameOrId: string) => CollectionModel | undefined,
  ) {}

  /** Whether record `id` meets `rule` for the request; `groupKey` names the auth version and options. */
  allows(c: CollectionModel, rule: string, id: string, info: RequestInfo, groupKey: string): boolean {
    if (rule.trim() === "") return true;
    if (MACRO.test(rule)) return this.compile(c, rule, info)(id);
    const key = `${c.id}\n${c.updated}\n${rule}\n${groupKey}`;
    const now = Date.now();
    let hit = this.cache.get(key);
    if (!hit || now - hit.at > MAX_AGE_MS) {
      if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
      hit = { at: now, check: this.compile(c, rule, info) };
      this.cache.set(key, hit);
    }
    return hit.check(id);
  }

  private compile(c: CollectionModel, rule: string, info: RequestInfo): (id: string) => boolean {
    return prepareRuleCheck(this.db, c, rule, info, { findCollection: this.findCollection });
  }
}
