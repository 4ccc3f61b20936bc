import type { RecordSubscription } from "pocketbase";
import { createStore } from "../../lib/store";
import type { RecordData } from "./recordModel";

export type LiveAction = "create" | "update" | "delete";

export interface LiveChange {
  action: LiveAction;
  record: RecordData;
}

/** What one flush of realtime events changed in a collection: the last change per record id. */
export interface LiveBatch {
  seq: number;
  collectionId: string;
  changes: ReadonlyMap<string, LiveChange>;
}

/** The last flushed batch, read by an open record panel to warn about edits made elsewhere. */
export const liveChanges = createStore<LiveBatch | null>(null);

let seq = 0;
export function publishLiveChanges(collectionId: string, changes: ReadonlyMap<string, LiveChange>): void {
  liveChanges.set({ seq: ++seq, collectionId, changes });
}

/** Folds a run of realtime events into the last change per record. */
export function collectLiveChanges(events: readonly RecordSubscription[]): Map<string, LiveChange> {
  const changes = new Map<string, LiveChange>();
  for (const e of events) {
    const record = e.record as unknown as RecordData;
    const previous = changes.get(String(record.id));
    // created and then changed in one batch is still a record the list has not loaded
    const action = previous?.action === "create" && e.action === "update" ? "create" : (e.action as LiveAction);
    changes.set(String(record.id), { action, record });
  }
  return changes;
}

/**
 * Whether an update can neither add, drop nor move a row of the list: no filter, and sorted only
 * by fields an update cannot change.
 */
export function updatesKeepOrder(filter: string, sort: string): boolean {
  return !filter.trim() && sort.split(",").every((key) => ["", "id", "created"].includes(key.trim().replace(/^[-+]/, "")));
}

/**
 * Whether loaded rows already show a change (by id): a created record is there, a deleted one is
 * gone, an updated one at least as new — or not loaded, when updates keep the list's order (else
 * it may belong in the list now). A change they do not show needs a reload.
 */
export function shownIn(loaded: ReadonlyMap<string, RecordData>, change: LiveChange, keepsOrder = true): boolean {
  const row = loaded.get(String(change.record.id));
  if (change.action === "create") return !!row;
  if (change.action === "delete") return !row;
  return row ? String(row.updated ?? "") >= String(change.record.updated ?? "") : keepsOrder;
}

/**
 * Whether a change applied to the loaded pages still needs them fetched again: a deleted row
 * shifts the pages after it (the next "Load more" would skip a record, and the last page no longer
 * looks full); an update may move the record in or out of a filtered or sorted list; and an event
 * may leave out values the list shows (realtime omits a hidden email, even for admins).
 */
export function needsReload(loadedBefore: ReadonlyMap<string, RecordData>, change: LiveChange, keepsOrder: boolean): boolean {
  const row = loadedBefore.get(String(change.record.id));
  if (change.action === "delete") return !!row;
  if (change.action !== "update") return false;
  if (!keepsOrder) return true;
  return !!row && Object.keys(row).some((key) => key !== "expand" && !(key in change.record));
}

/** Whether a batch concerns the panel's record and differs from what the panel last loaded or saved. */
export function changedUnderneath(batch: LiveBatch | null, collectionId: string, recordId: string, knownUpdated: string): "updated" | "deleted" | null {
  if (!batch || !recordId || batch.collectionId !== collectionId) return null;
  const change = batch.changes.get(recordId);
  if (!change) return null;
  if (change.action === "delete") return "deleted";
  if (change.action === "update" && String(change.record.updated ?? "") !== knownUpdated) return "updated";
  return null;
}
