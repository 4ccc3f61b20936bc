import { createStore } from "../../lib/store";

/**
 * A pending request to open a new record panel, made outside the records section (the header's
 * New record button). The section takes it when mounted, so a click before its code loaded still counts.
 */
export const newRecordRequest = createStore(false);

export function requestNewRecord(): void {
  newRecordRequest.set(true);
}
