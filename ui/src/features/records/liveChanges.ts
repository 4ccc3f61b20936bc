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
 * Whether loaded rows already show a change (by id): a created record is there, a deleted one is
 * gone, an updated one is gone or at least as new. A change they do not show needs a reload.
 */
export function shownIn(loaded: ReadonlyMap<string, RecordData>, change: LiveChange): boolean {
  const row = loaded.get(String(change.record.id));
  if (change.action === "create") return !!row;
  if (change.action === "delete") return !row;
  return !row || String(row.updated ?? "") >= String(change.record.updated ?? "");
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
