import pg from "pg";

export interface HeldConnectionOptions {
  url: string;
  /** Runs on every (re)connection before it counts as up (LISTEN, taking a lock, ...). */
  onUp: (client: pg.Client) => Promise<void>;
  /** The connection dropped (or onUp failed); a reconnection is scheduled. */
  onDown?: (err: unknown) => void;
  /** Backoff bounds between attempts (ms). */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** Tagged on the server side (pg_stat_activity.application_name). */
  name: string;
}

/**
 * One dedicated connection kept open for its whole life (the events listener, the leader's
 * lock): reconnects after a drop with exponential backoff, and reports each drop so the owner
 * can give up what the connection held (a lock, notifications it may have missed).
 */
export class HeldConnection {
  private client: pg.Client | null = null;
  private closed = false;
  private delay: number;
  private timer: NodeJS.Timeout | null = null;
  private connecting: Promise<void> | null = null;

  constructor(private readonly opts: HeldConnectionOptions) {
    this.delay = opts.minDelayMs ?? 100;
  }

  /** Connects (the first attempt's failure is thrown; later drops reconnect in the background). */
  async start(): Promise<void> {
    await this.connect(true);
  }

  /** The connection while it is up. */
  current(): pg.Client | null {
    return this.client;
  }

  /** Drops the current connection on purpose (tests; a liveness probe that failed). */
  drop(err: unknown = new Error("dropped")): void {
    const c = this.client;
    if (!c) return;
    this.lost(c, err);
    c.end().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.connecting?.catch(() => undefined);
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => undefined);
  }

  private connect(first: boolean): Promise<void> {
    const attempt = (async () => {
      const c = new pg.Client({ connectionString: this.opts.url, application_name: this.opts.name, keepAlive: true, keepAliveInitialDelayMillis: 5000, query_timeout: 10_000 });
      // An error on an idle client (server gone, admin terminate) would otherwise be thrown at the process.
      c.on("error", (err) => this.lost(c, err));
      c.on("end", () => this.lost(c, new Error("connection ended")));
      try {
        await c.connect();
        await this.opts.onUp(c);
      } catch (err) {
        c.removeAllListeners("end");
        c.end().catch(() => undefined);
        throw err;
      }
      if (this.closed) {
        await c.end().catch(() => undefined);
        return;
      }
      this.client = c;
      this.delay = this.opts.minDelayMs ?? 100;
    })();
    this.connecting = attempt;
    return attempt.then(
      () => {
        this.connecting = null;
      },
      (err) => {
        this.connecting = null;
        if (first) throw err;
        this.opts.onDown?.(err);
        this.retry();
      },
    );
  }

  private lost(c: pg.Client, err: unknown): void {
    if (this.client !== c) return;
    this.client = null;
    if (this.closed) return;
    this.opts.onDown?.(err);
    this.retry();
  }

  private retry(): void {
    if (this.closed || this.timer) return;
    const wait = this.delay;
    this.delay = Math.min(this.delay * 2, this.opts.maxDelayMs ?? 5000);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.closed) void this.connect(false);
    }, wait);
    this.timer.unref();
  }
}
