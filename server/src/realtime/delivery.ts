import type { CollectionService } from "../collections/service.js";
import type { DB } from "../db/connection.js";
import type { RecordsApi } from "../records/api.js";
import { transaction } from "../db/connection.js";
import { stringifyJson } from "../tools/json.js";
import { isAuth, type CollectionModel } from "../models/collection.js";
import { rowFromRecord, type RecordData } from "../models/record.js";
import type { Caller } from "../auth/caller.js";
import type { Broker, Subscriber } from "./broker.js";
import { authKey, type ClientAuth, type RealtimeClient } from "./client.js";
import { RuleChecks } from "./ruleChecks.js";
import { recordTopics, type ParsedSubscription, type RuleKind } from "./topics.js";

export type RecordAction = "create" | "update" | "delete";

type Deps = { db: DB; collections: CollectionService; records: RecordsApi };

/** Thrown to roll back the transaction that briefly restores a deleted record. */
const ROLLBACK = Symbol("rollback");

/** The principal and the version of its stored copy (a saved auth record has new values for `@request.auth.*`). */
function authVersion(a: ClientAuth): string {
  const key = authKey(a);
  if (a.record) return `${key}\n${String(a.record.record.updated)}`;
  return key;
}

/** The request a subscription stands for when rules and `expand`/`fields` are applied. */
export function subscriberCaller(client: RealtimeClient, sub: ParsedSubscription): Caller {
  return {
    admin: !!client.auth.admin,
    info: {
      auth: client.auth.record,
      method: "GET",
      query: sub.options.query,
      headers: sub.options.headers,
      data: {},
      context: "realtime",
    },
  };
}

/**
 * Fans one committed record change out to the subscribers of its topics. Each subscriber
 * gets it only when the collection's list rule (collection topics) or view rule (the
 * record's topic) lets its auth see the record (admins always; a null rule: admins only),
 * shaped as a normal response for that auth (hidden fields stripped, `expand`/`fields` of
 * its options applied). Subscribers with the same auth and options share one rule check
 * and one serialized payload, so the work grows with distinct callers, not connections.
 * A deleted record is checked as it was: it is put back inside a transaction that is rolled
 * back (the reference checks before its delete commits).
 */
export class Delivery {
  private readonly rules: RuleChecks;

  constructor(
    private readonly app: Deps,
    private readonly broker: Broker,
    private readonly beforeUse: (client: RealtimeClient) => void,
  ) {
    this.rules = new RuleChecks(app.db, (n) => app.collections.find(n));
  }

  publish(action: RecordAction, c: CollectionModel, record: RecordData): void {
    const id = String(record.id);
    const matched: Array<[Subscriber, RuleKind]> = [];
    for (const [topic, kind] of recordTopics(c, id)) for (const s of this.broker.subscribers(topic)) matched.push([s, kind]);
    if (matched.length === 0) return;
    const seen = new Set<RealtimeClient>();
    for (const [s] of matched) if (!seen.has(s.client)) (seen.add(s.client), this.beforeUse(s.client));

    const out: Array<[RealtimeClient, string, string]> = [];
    const decide = () => {
      const access = new Map<string, boolean>();
      const payloads = new Map<string, string | null>();
      for (const [{ client, sub }, kind] of matched) {
        const group = `${authKey(client.auth)}\n${sub.optionsKey}`;
        let who: Caller | undefined;
        let ok = access.get(`${kind}\n${group}`);
        if (ok === undefined) {
          who = subscriberCaller(client, sub);
          ok = this.canAccess(c, kind === "list" ? c.listRule : c.viewRule, id, who, `${authVersion(client.auth)}\n${sub.optionsKey}`);
          access.set(`${kind}\n${group}`, ok);
        }
        if (!ok) continue;
        let payload = payloads.get(group);
        if (payload === undefined) {
          payload = this.payload(action, c, record, who ?? subscriberCaller(client, sub), sub.options.query);
          payloads.set(group, payload);
        }
        if (payload !== null) out.push([client, sub.key, payload]);
      }
    };
    if (action === "delete") this.withRestored(c, record, decide);
    else decide();
    for (const [client, name, payload] of out) client.send(name, payload);
  }

  private canAccess(c: CollectionModel, rule: string | null, id: string, who: Caller, groupKey: string): boolean {
    if (who.admin) return true;
    if (rule === null) return false;
    try {
      return this.rules.allows(c, rule, id, who.info, groupKey);
    } catch {
      return false; // a rule that no longer compiles lets nobody but admins see the record
    }
  }

  private payload(action: RecordAction, c: CollectionModel, record: RecordData, who: Caller, query: Record<string, string>): string | null {
    let shaped: unknown;
    try {
      shaped = this.app.records.present(c, record, who, query);
    } catch {
      try {
        shaped = this.app.records.present(c, record, who);
      } catch {
        return null;
      }
    }
    // The record itself shows an auth record's email only when emailVisibility allows, even to
    // its owner and admins (as the reference's realtime messages do); expanded ones follow the normal rules.
    if (isAuth(c) && record.emailVisibility !== true && shaped && typeof shaped === "object") delete (shaped as Record<string, unknown>).email;
    return stringifyJson({ record: shaped, action });
  }

  private withRestored(c: CollectionModel, record: RecordData, fn: () => void): void {
    try {
      transaction(this.app.db, () => {
        try {
          this.app.records.repo.insert(c.name, rowFromRecord(c, record));
        } catch {
          /* could not restore (e.g. the table is gone): decide on what is there */
        }
        fn();
        throw ROLLBACK;
      });
    } catch (err) {
      if (err !== ROLLBACK) throw err;
    }
  }
}
