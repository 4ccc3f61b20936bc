import { useState } from "react";

/**
 * Requests started ahead of the component that needs them (a list's first page right after
 * sign-in, a record on the row click while the panel's code loads). Not a query cache: each
 * primed promise is taken once, only while fresh, so the components keep their own caching rules
 * (e.g. the record panel never shows an older copy). A failed prime falls back to a fresh fetch.
 */
interface Primed<T> {
  at: number;
  promise: Promise<T>;
  /** Set once the request has answered. */
  settled?: { value: T };
}

export type Primer<T> = ReturnType<typeof createPrimer<T>>;

export function createPrimer<T>(ttlMs: number) {
  const primed = new Map<string, Primed<T>>();
  return {
    /** Starts the request; the returned promise settles (never rejects) once it has answered or failed. */
    prime(key: string, fetch: () => Promise<T>): Promise<void> {
      const entry: Primed<T> = { at: Date.now(), promise: fetch() };
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

/**
 * For a query's initial data: the value primed under `key` if it has already answered, taken
 * once when the component mounts (undefined for no key, or once the key has changed since).
 */
export function useSettledPrime<T>(primer: Primer<T>, key: string | undefined): { value: T; at: number } | undefined {
  const [mounted] = useState(() => ({ key, hit: key === undefined ? undefined : primer.takeSettled(key) }));
  return key !== undefined && mounted.key === key ? mounted.hit : undefined;
}
