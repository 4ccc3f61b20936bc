/** Cross-tab channel: a "reload" message after a collection is saved or deleted. */
export const COLLECTIONS_CHANNEL = "collections";
export const RELOAD_MESSAGE = "reload";

export function announceCollectionsChanged(): void {
  if (typeof BroadcastChannel === "undefined") return;
  const ch = new BroadcastChannel(COLLECTIONS_CHANNEL);
  ch.postMessage(RELOAD_MESSAGE);
  ch.close();
}

/** Calls onReload when another tab announces a collection change; returns the unsubscribe. */
export function onCollectionsChanged(onReload: () => void): () => void {
  if (typeof BroadcastChannel === "undefined") return () => {};
  const ch = new BroadcastChannel(COLLECTIONS_CHANNEL);
  ch.onmessage = (e) => {
    if (e.data === RELOAD_MESSAGE) onReload();
  };
  return () => ch.close();
}
