import pg from "pg";
import { rateClear, rateHit, rateSweep, rateTakeAll, setupClusterTables } from "../db/postgres/cluster.js";
import type { RateLimitRefusal, RateLimitStore, RateLimitTake, RateWindow } from "./store.js";

export interface PgRateLimitStoreOptions {
  url: string;
  /** Connections of its own (default 4): a hit is one statement, so a few go a long way. */
  poolSize?: number;
  /** How often ended windows are deleted (ms). */
  sweepEveryMs?: number;
  /** Stores sharing the table keep apart by it (each clears only its own counters). Default "rules". */
  namespace?: string;
}

/**
 * Rate-limit counters shared by every node, in an UNLOGGED table of the database: a hit is one
 * upsert (one round trip), `takeAll` one call of a function that locks its rows in key order
 * and counts all or none. Ended windows are swept on a timer; a counter read after its window
 * ended starts over regardless, so the sweep only bounds the table.
 */
export class PgRateLimitStore implements RateLimitStore {
  readonly shared = true;
  private readonly sweeper: NodeJS.Timeout;

  private readonly prefix: string;

  private constructor(
    private readonly pool: pg.Pool,
    sweepEveryMs: number,
    namespace: string,
  ) {
    this.prefix = namespace + "\n";
    this.sweeper = setInterval(() => void rateSweep(this.pool, Date.now()).catch(() => undefined), sweepEveryMs);
    this.sweeper.unref();
  }

  static async open(opts: PgRateLimitStoreOptions): Promise<PgRateLimitStore> {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 4, application_name: "cairn-ratelimit" });
    pool.on("error", () => undefined);
    try {
      await setupClusterTables(pool);
    } catch (err) {
      await pool.end();
      throw err;
    }
    return new PgRateLimitStore(pool, opts.sweepEveryMs ?? 60_000, opts.namespace ?? "rules");
  }

  hit(key: string, windowMs: number, now: number): Promise<RateWindow> {
    return rateHit(this.pool, this.keyOf(key), windowMs, now);
  }

  takeAll(takes: readonly RateLimitTake[], now: number): Promise<RateLimitRefusal[]> | RateLimitRefusal[] {
    if (takes.length === 0) return [];
    return rateTakeAll(this.pool, takes.map((t) => ({ ...t, key: this.keyOf(t.key) })), now);
  }

  clear(): Promise<void> {
    return rateClear(this.pool, this.prefix);
  }

  /**
   * The stored key: PostgreSQL text cannot hold NUL, which the limiter's keys use as a separator,
   * so NUL and the escape character are escaped (one-to-one: distinct keys stay distinct).
   */
  private keyOf(key: string): string {
    return this.prefix + key.replace(/[\\\u0000]/g, (c) => (c === "\\" ? "\\\\" : "\\0"));
  }

  /** Deletes ended windows now (the timer does it every minute). */
  sweep(now = Date.now()): Promise<number> {
    return rateSweep(this.pool, now);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await this.pool.end();
  }
}
