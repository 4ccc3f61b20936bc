/**
 * Requests started ahead of the component that needs them (a list's first page right after
 * sign-in, a record on the row click while the panel's code loads). Not a query cache: each
 * primed promise is taken once, only while fresh, so the components keep their own caching rules
 * (e.g. the record panel never shows an older copy). A failed prime falls back to a fresh fetch.
 */
export function createPrimer<T>(ttlMs: number) {
  const primed = new Map<string, { at: number; promise: Promise<T>; settled?: { value: T } }>();
  return {
    /** Starts the request; the returned promise settles (never rejects) once it has answered or failed. */
    prime(key: string, fetch: () => Promise<T>): Promise<void> {
      const entry: { at: number; promise: Promise<T>; settled?: { value: T } } = { at: Date.now(), promise: fetch() };
      primed.set(key, entry);
      return entry.promise.then(
        (value) => void (entry.settled = { value }),
        () => {}, // ignored here: take() fetches again
      );
    },
    /**
     * The primed value if its request has already answered (and is fresh), taken; otherwise
     * undefined and the prime stays for take(). Lets a component start with the data instead of
     * rendering a loading state first.
     */
    takeSettled(key: string): { value: T; at: number } | undefined {
      const hit = primed.get(key);
      if (!hit?.settled || Date.now() - hit.at > ttlMs) return undefined;
      primed.delete(key);
      return { value: hit.settled.value, at: hit.at };
    },
    take(key: string, fetch: () => Promise<T>): Promise<T> {
      const hit = primed.get(key);
      primed.delete(key);
      if (!hit || Date.now() - hit.at > ttlMs) return fetch();
      return hit.promise.catch(fetch);
    },
  };
}
