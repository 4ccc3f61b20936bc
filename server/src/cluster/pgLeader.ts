import { holdsLeaderLock, tryLeaderLock } from "../db/postgres/cluster.js";
import { HeldConnection } from "./heldConnection.js";
import type { Leader } from "./leader.js";

export interface PgLeaderOptions {
  url: string;
  /** How often a follower tries the lock, and the leader checks its connection (ms). */
  pollMs?: number;
  warn?: (line: string) => void;
}

/**
 * The leader lease as a session-level advisory lock held on a dedicated connection: the node
 * whose connection holds it leads. PostgreSQL frees the lock when that session ends, so when the
 * leader dies (kill -9, a lost network) its connection drops and a follower's next try (every
 * `pollMs`) takes it over. The leader probes its own connection as often: a connection it can no
 * longer use is treated as lost at once (no longer leading) rather than when TCP gives up.
 */
export class PgLeader implements Leader {
  private leading = false;
  private readonly listeners = new Set<(leader: boolean) => void>();
  private readonly conn: HeldConnection;
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private closed = false;
  private readonly pollMs: number;
  private readonly warn: (line: string) => void;

  private constructor(opts: PgLeaderOptions) {
    this.pollMs = opts.pollMs ?? 1000;
    this.warn = opts.warn ?? ((l) => process.stderr.write(l + "\n"));
    this.conn = new HeldConnection({
      url: opts.url,
      name: "cairn-leader",
      onUp: async () => undefined,
      onDown: (err) => {
        this.set(false);
        if (!this.closed) this.warn(`[cluster] leader connection lost (${err instanceof Error ? err.message : String(err)}); reconnecting`);
      },
    });
  }

  /** Connects and makes a first try for the lease before resolving (so a lone node leads at once). */
  static async open(opts: PgLeaderOptions): Promise<PgLeader> {
    const l = new PgLeader(opts);
    await l.conn.start();
    await l.tick();
    l.schedule();
    return l;
  }

  isLeader(): boolean {
    return this.leading;
  }

  onChange(fn: (leader: boolean) => void): () => void {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }

  /** Test hook: the leader's connection drops, as when the network fails. */
  dropConnection(): void {
    this.conn.drop();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.ticking;
    this.set(false);
    // Ending the session frees the lock for the others at once.
    await this.conn.close();
  }

  private schedule(): void {
    if (this.closed) return;
    this.timer = setTimeout(() => {
      this.ticking = this.tick().finally(() => {
        this.ticking = null;
        this.schedule();
      });
    }, this.pollMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    const c = this.conn.current();
    if (!c || this.closed) return;
    try {
      if (this.leading) {
        if (!(await holdsLeaderLock(c))) this.set(false);
      } else if (await tryLeaderLock(c)) this.set(true);
    } catch (err) {
      // The connection is unusable: whatever it held is as good as gone.
      this.conn.drop(err);
    }
  }

  private set(leading: boolean): void {
    if (this.leading === leading) return;
    this.leading = leading;
    for (const fn of [...this.listeners]) {
      try {
        fn(leading);
      } catch (err) {
        this.warn(`[cluster] leader listener failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
}
