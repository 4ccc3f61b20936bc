/** A value now, or later: the memory store answers at once, a database-backed one may not. */
export type MaybePromise<T> = T | Promise<T>;

/** Applies `f` to a value that may still be coming, without a promise when it is already here. */
export function settle<T, U>(value: MaybePromise<T>, f: (value: T) => U): MaybePromise<U> {
  return value instanceof Promise ? value.then(f) : f(value);
}

/** A counter's fixed window: requests counted in it and when it ends (epoch ms). */
export interface RateWindow {
  readonly count: number;
  readonly resetAt: number;
}

/** `n` requests for one counter, admitted while its window stays at or below `max`. */
export interface RateLimitTake {
  key: string;
  /** The length of a window this take opens. */
  windowMs: number;
  max: number;
  n: number;
}

/** A take that did not fit: its index in the takes and when its window ends. */
export interface RateLimitRefusal {
  index: number;
  resetAt: number;
}

/**
 * Where the rate limiter's fixed-window counters live, by key. A counter's window is current
 * while `now < resetAt`; a take on a key without a current window opens one of `windowMs` from
 * `now` with a count of 0, whether or not the take is then counted.
 *
 * Methods may answer with a promise so that a store shared by several nodes (a PostgreSQL
 * table: an upsert for `hit`, one transaction for `takeAll`) fits; the in-memory store
 * answers synchronously and the limiter then stays synchronous too.
 */
export interface RateLimitStore {
  /** Counters shared by several nodes (a rules change then does not clear them: see RateLimiter.configure). */
  readonly shared?: boolean;
  /** Counts one request, over its limit or not, and returns the window after counting. */
  hit(key: string, windowMs: number, now: number): MaybePromise<RateWindow>;
  /**
   * All or none: when every take fits (`count + n <= max` of its window), counts them all and
   * returns []; otherwise counts nothing and returns the takes that did not fit, in order.
   * Takes name distinct keys.
   */
  takeAll(takes: readonly RateLimitTake[], now: number): MaybePromise<RateLimitRefusal[]>;
  /** Drops every counter (the rules changed). */
  clear(): MaybePromise<void>;
}
