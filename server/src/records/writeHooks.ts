import type { Caller } from "../auth/caller.js";
import type { Tx } from "../db/types.js";
import type { CollectionModel } from "../models/collection.js";
import type { RecordData } from "../models/record.js";

/** A hook refused a write (or failed): answered as the hook said, never turned into the write's own failure. */
export class HookStop extends Error {}

export type RecordWriteAction = "create" | "update" | "delete";

/** Where a write's hooks run: its transaction (before hooks), who asked, and whether an API request did. */
export interface RecordHookContext {
  who: Caller;
  /** An API request of its own (not a batch, an import or a hook's write): the `…Request` hooks run too. */
  request: boolean;
  tx?: Tx;
}

/**
 * Code that runs around the record service's writes (the JS hooks of pb_hooks). `before` runs in
 * the write's transaction, after the checks and before the row is written; it may change the
 * record's values (they are written as returned) or throw to refuse the write. `after` runs once
 * the write is committed, before the answer (it does not change it).
 */
export interface RecordWriteHooks {
  before(action: RecordWriteAction, c: CollectionModel, record: RecordData, ctx: RecordHookContext): Promise<RecordData>;
  after(action: RecordWriteAction, c: CollectionModel, record: RecordData, ctx: RecordHookContext): Promise<void>;
  /** A list or a view request is about to answer these records (`onRecordsListRequest`, `onRecordViewRequest`): they may be changed, or a throw refuses the request. */
  shown(kind: "list" | "view", c: CollectionModel, records: RecordData[], who: Caller): Promise<RecordData[]>;
  /** A sign-in or token refresh is about to answer with `token` (`method`: "password", "oauth2", "refresh", ...); throws to refuse it. */
  authenticated(c: CollectionModel, record: RecordData, ctx: { who: Caller; token: string; method: string }): Promise<void>;
}

/**
 * The hooks a record service calls, set once they are loaded: they are made after the services
 * they call back into (their `$app.dao()`), and outlive a restore's reopened services.
 */
export class RecordHookSlot implements RecordWriteHooks {
  private target: RecordWriteHooks | null = null;

  use(target: RecordWriteHooks | null): void {
    this.target = target;
  }

  before(action: RecordWriteAction, c: CollectionModel, record: RecordData, ctx: RecordHookContext): Promise<RecordData> {
    return this.target ? this.target.before(action, c, record, ctx) : Promise.resolve(record);
  }

  after(action: RecordWriteAction, c: CollectionModel, record: RecordData, ctx: RecordHookContext): Promise<void> {
    return this.target ? this.target.after(action, c, record, ctx) : Promise.resolve();
  }

  shown(kind: "list" | "view", c: CollectionModel, records: RecordData[], who: Caller): Promise<RecordData[]> {
    return this.target ? this.target.shown(kind, c, records, who) : Promise.resolve(records);
  }

  authenticated(c: CollectionModel, record: RecordData, ctx: { who: Caller; token: string; method: string }): Promise<void> {
    return this.target ? this.target.authenticated(c, record, ctx) : Promise.resolve();
  }
}
