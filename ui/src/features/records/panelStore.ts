import { createStore } from "../../lib/store";

/** Requests to open the record panel from outside the records section (the header's New record button). */
export const newRecordRequests = createStore(0);

export function requestNewRecord(): void {
  newRecordRequests.set((n) => n + 1);
}
