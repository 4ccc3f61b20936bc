import { createStore } from "../../lib/store";

/**
 * A pending request to open the collection editor for a new collection, made outside the
 * collections page (the command palette). The page takes it when mounted.
 */
export const newCollectionRequest = createStore(false);

export function requestNewCollection(): void {
  newCollectionRequest.set(true);
}
