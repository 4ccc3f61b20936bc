import type { RateLimitRefusal, RateLimitStore, RateLimitTake, RateWindow } from "./store.js";

interface Bucket {
  count: number;
  resetAt: number;
}

/** From how many counters opening a window first drops the ended ones (bounded memory). */
const PRUNE_AT = 10_000;

/** Rate-limit counters in this process's memory: one node counts alone (see store.ts). */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly buckets = new Map<string, Bucket>();

  /** Counters held, ended ones included until the next prune. */
  get size(): number {
    return this.buckets.size;
  }

  hit(key: string, windowMs: number, now: number): RateWindow {
    const bucket = this.current(key, windowMs, now);
    bucket.count++;
    return bucket;
  }

  takeAll(takes: readonly RateLimitTake[], now: number): RateLimitRefusal[] {
    const buckets = takes.map((t) => this.current(t.key, t.windowMs, now));
    const refused: RateLimitRefusal[] = [];
    takes.forEach((t, index) => {
      if (buckets[index].count + t.n > t.max) refused.push({ index, resetAt: buckets[index].resetAt });
    });
    if (refused.length === 0) takes.forEach((t, i) => (buckets[i].count += t.n));
    return refused;
  }

  clear(): void {
    this.buckets.clear();
  }

  /** The key's current window (a fresh one once the last ended). */
  private current(key: string, windowMs: number, now: number): Bucket {
    let bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= now) {
      if (this.buckets.size >= PRUNE_AT) this.prune(now);
      bucket = { count: 0, resetAt: now + windowMs };
      this.buckets.set(key, bucket);
    }
    return bucket;
  }

  private prune(now: number): void {
    for (const [k, b] of this.buckets) if (b.resetAt <= now) this.buckets.delete(k);
  }
}
