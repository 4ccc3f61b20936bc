import { createStore } from "../../lib/store";

/**
 * A pending request to open a new record panel, made outside the records section (the header's
 * New record button). The section takes it when mounted, so a click before its code loaded still counts.
 */
export const newRecordRequest = createStore(false);

export function requestNewRecord(): void {
  newRecordRequest.set(true);
}

/**
 * Asks an open record panel whether it may go (its unsaved changes are confirmed first): calls
 * leave when it may, stay when the user keeps editing. The records section uses it when the
 * address moves away from the open record (Back, Forward, a pasted link).
 */
export type LeaveGuard = (leave: () => void, stay: () => void) => void;
