import type { RateLimitStore } from "./store.js";
import { TooManyRequests } from "./tooMany.js";

/** A limit on failed tries of one key: `max` within `windowMs`. */
export interface TriesRule {
  max: number;
  windowMs: number;
}

/**
 * Counts failed tries (wrong codes) per key in a RateLimitStore, so that right answers never
 * lock an account out: `check` refuses once `max` failures are in the window, `fail` counts one.
 */
export class FailedTries {
  constructor(
    private readonly store: RateLimitStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** Too many requests (with Retry-After) when the key's window already holds `max` failures. */
  async check(key: string, rule: TriesRule): Promise<void> {
    const now = this.now();
    // A take of 0 counts nothing: it is refused when count + 0 > max - 1, i.e. max failures are in.
    const [refused] = await this.store.takeAll([{ key, windowMs: rule.windowMs, max: rule.max - 1, n: 0 }], now);
    if (refused) throw new TooManyRequests(Math.max(1, Math.ceil((refused.resetAt - now) / 1000)));
  }

  async fail(key: string, rule: TriesRule): Promise<void> {
    await this.store.hit(key, rule.windowMs, this.now());
  }

  /** Limits a plain count of requests (every one counts): too many requests once over `max`. */
  async count(key: string, rule: TriesRule): Promise<void> {
    const now = this.now();
    const w = await this.store.hit(key, rule.windowMs, now);
    if (w.count > rule.max) throw new TooManyRequests(Math.max(1, Math.ceil((w.resetAt - now) / 1000)));
  }
}
