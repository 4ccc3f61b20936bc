import type { Db, Queryable } from "../db/types.js";
import { recordsRepo } from "../db/records.js";
import { stringifyJson } from "../tools/json.js";
import { isAuth, type CollectionModel } from "../models/collection.js";
import { rowFromRecord, type RecordData } from "../models/record.js";
import type { Caller } from "../auth/caller.js";
import type { RecordPresenter } from "../records/auth.js";
import type { Broker } from "./broker.js";
import { authKey, type ClientAuth, type RealtimeClient } from "./client.js";
import { RuleChecks } from "./ruleChecks.js";
import { recordTopics, type ParsedSubscription, type RuleKind } from "./topics.js";

export type RecordAction = "create" | "update" | "delete";

/** What delivery uses: the database (rule checks) and the records service's answer shape. */
export interface DeliveryDeps {
  db: Db;
  records: RecordPresenter;
}

/** One subscription a change matched, with the auth its client had when the change was announced. */
interface Match {
  client: RealtimeClient;
  sub: ParsedSubscription;
  kind: RuleKind;
  auth: ClientAuth;
}

/** Thrown to roll back the transaction that briefly restores a deleted record. */
const ROLLBACK = Symbol("rollback");

/** The principal and the version of its stored copy (a saved auth record has new values for `@request.auth.*`). */
function authVersion(a: ClientAuth): string {
  const key = authKey(a);
  if (a.record) return `${key}\n${String(a.record.record.updated)}`;
  return key;
}

/** The request a subscription stands for when rules and `expand`/`fields` are applied. */
export function subscriberCaller(auth: ClientAuth, sub: ParsedSubscription): Caller {
  return {
    admin: !!auth.admin,
    info: {
      auth: auth.record,
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
 *
 * The subscribers and their auth are taken when the change is announced; the checks then
 * run on the database, and messages go out in the order the changes were announced.
 */
export class Delivery {
  private readonly rules: RuleChecks;
  /** The sends of the changes announced so far, in order. */
  private tail: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly deps: DeliveryDeps,
    private readonly broker: Broker,
  ) {
    this.rules = new RuleChecks(deps.db);
  }

  publish(action: RecordAction, c: CollectionModel, record: RecordData): void {
    const id = String(record.id);
    const matched: Match[] = [];
    for (const [topic, kind] of recordTopics(c, id)) {
      for (const { client, sub } of this.broker.subscribers(topic)) matched.push({ client, sub, kind, auth: client.auth });
    }
    if (matched.length === 0 || this.stopped) return;
    const decided = this.decide(action, c, record, matched).catch((err) => {
      // Once stopped, the database may close under a check: nobody is left to tell.
      if (!this.stopped) process.stderr.write(`realtime delivery failed: ${(err as Error)?.stack ?? err}\n`);
      return [] as Array<[RealtimeClient, string, string]>;
    });
    this.tail = this.tail
      .then(() => decided)
      .then((out) => {
        for (const [client, name, payload] of out) client.send(name, payload);
      });
  }

  /** Announces nothing more (app shutdown). */
  stop(): void {
    this.stopped = true;
  }

  /** The messages (client, event name, payload) the change makes. */
  private async decide(action: RecordAction, c: CollectionModel, record: RecordData, matched: Match[]): Promise<Array<[RealtimeClient, string, string]>> {
    const id = String(record.id);
    // Who may see it, per group of equal auth and options.
    const groups = new Map<string, { match: Match; access: Partial<Record<RuleKind, boolean>> }>();
    for (const m of matched) {
      const group = `${authKey(m.auth)}\n${m.sub.optionsKey}`;
      if (!groups.has(group)) groups.set(group, { match: m, access: {} });
      groups.get(group)!.access[m.kind] = false;
    }
    const checkAll = async (q: Queryable) => {
      for (const g of groups.values()) {
        const who = subscriberCaller(g.match.auth, g.match.sub);
        const key = `${authVersion(g.match.auth)}\n${g.match.sub.optionsKey}`;
        for (const kind of Object.keys(g.access) as RuleKind[]) {
          g.access[kind] = await this.canAccess(q, c, kind === "list" ? c.listRule : c.viewRule, id, who, key);
        }
      }
    };
    if (action === "delete") await this.withRestored(c, record, checkAll);
    else await checkAll(this.deps.db);

    const payloads = new Map<string, string | null>();
    const out: Array<[RealtimeClient, string, string]> = [];
    for (const m of matched) {
      const group = `${authKey(m.auth)}\n${m.sub.optionsKey}`;
      if (!groups.get(group)!.access[m.kind]) continue;
      let payload = payloads.get(group);
      if (payload === undefined) {
        payload = await this.payload(action, c, record, subscriberCaller(m.auth, m.sub), m.sub.options.query);
        payloads.set(group, payload);
      }
      if (payload !== null) out.push([m.client, m.sub.key, payload]);
    }
    return out;
  }

  private async canAccess(q: Queryable, c: CollectionModel, rule: string | null, id: string, who: Caller, groupKey: string): Promise<boolean> {
    if (who.admin) return true;
    if (rule === null) return false;
    try {
      return await this.rules.allows(q, c, rule, id, who.info, groupKey);
    } catch {
      return false; // a rule that no longer compiles lets nobody but admins see the record
    }
  }

  private async payload(action: RecordAction, c: CollectionModel, record: RecordData, who: Caller, query: Record<string, string>): Promise<string | null> {
    let shaped: unknown;
    try {
      shaped = await this.deps.records.present(c, record, who, query);
    } catch {
      try {
        shaped = await this.deps.records.present(c, record, who);
      } catch {
        return null;
      }
    }
    // The record itself shows an auth record's email only when emailVisibility allows, even to
    // its owner and admins (as the reference's realtime messages do); expanded ones follow the normal rules.
    if (isAuth(c) && record.emailVisibility !== true && shaped && typeof shaped === "object") delete (shaped as Record<string, unknown>).email;
    return stringifyJson({ record: shaped, action });
  }

  /** fn on a transaction where the deleted record is back, rolled back afterwards. */
  private async withRestored(c: CollectionModel, record: RecordData, fn: (tx: Queryable) => Promise<void>): Promise<void> {
    try {
      await this.deps.db.transaction(async (tx) => {
        try {
          await recordsRepo.insert(tx, c.name, rowFromRecord(c, record));
        } catch {
          /* could not restore (e.g. the table is gone): decide on what is there */
        }
        await fn(tx);
        throw ROLLBACK;
      });
    } catch (err) {
      if (err !== ROLLBACK) throw err;
    }
  }
}
