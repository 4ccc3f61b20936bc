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

/** Folds a run of realtime events into the last change per record, noting whether any created or deleted one. */
export function collectLiveChanges(events: readonly RecordSubscription[]): { changes: Map<string, LiveChange>; created: boolean; deleted: boolean } {
  const changes = new Map<string, LiveChange>();
  let created = false;
  let deleted = false;
  for (const e of events) {
    const record = e.record as unknown as RecordData;
    const action = e.action as LiveAction;
    if (action === "create") created = true;
    if (action === "delete") deleted = true;
    changes.set(String(record.id), { action, record });
  }
  return { changes, created, deleted };
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
