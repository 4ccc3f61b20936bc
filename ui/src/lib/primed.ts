/**
 * Requests started ahead of the component that needs them (a list's first page right after
 * sign-in, a record on the row click while the panel's code loads). Not a query cache: each
 * primed promise is taken once, only while fresh, so the components keep their own caching rules
 * (e.g. the record panel never shows an older copy). A failed prime falls back to a fresh fetch.
 */
export function createPrimer<T>(ttlMs: number) {
  const primed = new Map<string, { at: number; promise: Promise<T> }>();
  return {
    prime(key: string, fetch: () => Promise<T>): void {
      const promise = fetch();
      promise.catch(() => {}); // ignored here: take() fetches again
      primed.set(key, { at: Date.now(), promise });
    },
    take(key: string, fetch: () => Promise<T>): Promise<T> {
      const hit = primed.get(key);
      primed.delete(key);
      if (!hit || Date.now() - hit.at > ttlMs) return fetch();
      return hit.promise.catch(fetch);
    },
  };
}
