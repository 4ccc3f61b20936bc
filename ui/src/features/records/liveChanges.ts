import { createStore } from "../../lib/store";
import type { RecordData } from "./recordModel";

export interface LiveChange {
  seq: number;
  collectionId: string;
  action: "create" | "update" | "delete";
  record: RecordData;
}

/** The last change pushed by realtime, read by an open record panel to warn about edits made elsewhere. */
export const liveChanges = createStore<LiveChange | null>(null);

let seq = 0;
export function publishLiveChange(change: Omit<LiveChange, "seq">): void {
  liveChanges.set({ ...change, seq: ++seq });
}

/** Whether a change concerns the panel's record and differs from what the panel last loaded or saved. */
export function changedUnderneath(change: LiveChange | null, collectionId: string, recordId: string, knownUpdated: string): "updated" | "deleted" | null {
  if (!change || !recordId || change.collectionId !== collectionId || change.record.id !== recordId) return null;
  if (change.action === "delete") return "deleted";
  if (change.action === "update" && String(change.record.updated ?? "") !== knownUpdated) return "updated";
  return null;
}
