import pg from "pg";
import {
  EVENTS_CHANNEL,
  listenForEvents,
  notifyEvents,
  readEventPayload,
  setupClusterTables,
  storeEventPayload,
  sweepEventPayloads,
} from "../db/postgres/cluster.js";
import { randomString } from "../tools/random.js";
import { HeldConnection } from "./heldConnection.js";
import type { ClusterLink } from "./link.js";

export interface PgLinkOptions {
  url: string;
  /** Payloads larger than this (bytes) go by reference (NOTIFY's limit is 8000). */
  inlineLimit?: number;
  /** Stored payloads are deleted after this long (ms). */
  keepStoredMs?: number;
  /** How often the stored payloads are swept (ms). */
  sweepEveryMs?: number;
  /** Messages waiting to be sent beyond which the oldest are dropped (receivers see the gap and resync). */
  maxQueued?: number;
  /** Where failures are reported (default stderr). */
  warn?: (line: string) => void;
}

/** A notification as sent: sender, its sequence number, and the message inline or the id of its stored text. */
interface Envelope {
  n: string;
  s: number;
  m?: unknown;
  r?: number;
}

/**
 * The cluster link over PostgreSQL: each node LISTENs on one dedicated connection (reconnected
 * with backoff) and sends with NOTIFY from a small pool of its own, one batch at a time, so its
 * messages reach the others in the order it sent them. A message too large for a notification
 * is stored in `_events` and its id notified; receivers read it back before handing out the
 * next message. Every message carries its sender's sequence number: a gap (a dropped listening
 * connection, an overflowing send queue) makes the receiver resync instead of going on as if
 * nothing was missed. PostgreSQL delivers a node's own notifications to it too: they are skipped.
 */
export class PgLink implements ClusterLink {
  readonly nodeId = randomString(12);
  private readonly pool: pg.Pool;
  private readonly listener: HeldConnection;
  private readonly handlers = new Set<(m: unknown, from: string) => void | Promise<void>>();
  private readonly resyncs = new Set<() => void | Promise<void>>();
  private readonly lastSeq = new Map<string, number>();
  private readonly inlineLimit: number;
  private readonly maxQueued: number;
  private readonly warn: (line: string) => void;
  private queue: Envelope[] = [];
  private seq = 0;
  private sending: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private receiving: Promise<void> = Promise.resolve();
  private readonly sweeper: NodeJS.Timeout;
  private everUp = false;
  private closed = false;

  private constructor(opts: PgLinkOptions) {
    this.inlineLimit = opts.inlineLimit ?? 7000;
    this.maxQueued = opts.maxQueued ?? 10_000;
    this.warn = opts.warn ?? ((l) => process.stderr.write(l + "\n"));
    this.pool = new pg.Pool({ connectionString: opts.url, max: 2, application_name: "cairn-cluster" });
    this.pool.on("error", () => undefined);
    this.listener = new HeldConnection({
      url: opts.url,
      name: "cairn-listen",
      onUp: async (c) => {
        c.on("notification", (n) => {
          if (n.channel === EVENTS_CHANNEL && n.payload !== undefined) this.received(n.payload);
        });
        await listenForEvents(c);
        // Anything sent while no connection listened is lost: rebuild what it would have updated.
        if (this.everUp) this.chain(() => this.resync("listening connection reconnected"));
        this.everUp = true;
      },
      onDown: (err) => this.warn(`[cluster] listening connection lost (${errorText(err)}); reconnecting`),
    });
    const keep = opts.keepStoredMs ?? 5 * 60_000;
    this.sweeper = setInterval(() => void sweepEventPayloads(this.pool, keep).catch(() => undefined), opts.sweepEveryMs ?? 60_000);
    this.sweeper.unref();
  }

  /** Creates the shared tables if needed and starts listening. */
  static async open(opts: PgLinkOptions): Promise<PgLink> {
    const link = new PgLink(opts);
    try {
      await setupClusterTables(link.pool);
      await link.listener.start();
    } catch (err) {
      await link.close();
      throw err;
    }
    return link;
  }

  send(message: unknown): void {
    if (this.closed) return;
    this.queue.push({ n: this.nodeId, s: ++this.seq, m: message });
    if (this.queue.length > this.maxQueued) {
      const dropped = this.queue.length - this.maxQueued;
      this.queue.splice(0, dropped);
      this.warn(`[cluster] send queue full: dropped ${dropped} message(s); the other nodes will resync`);
    }
    this.kick();
  }

  onMessage(fn: (message: unknown, from: string) => void | Promise<void>): () => void {
    this.handlers.add(fn);
    return () => void this.handlers.delete(fn);
  }

  onResync(fn: () => void | Promise<void>): () => void {
    this.resyncs.add(fn);
    return () => void this.resyncs.delete(fn);
  }

  /** Resolves once everything sent so far has been handed to PostgreSQL (or dropped). */
  async flushed(): Promise<void> {
    while (this.sending || (this.queue.length > 0 && !this.closed)) {
      if (this.sending) await this.sending;
      // A failed send waits for its retry (the database may be away for a while).
      else if (this.retryTimer) await new Promise((r) => setTimeout(r, 50));
      else this.kick();
    }
  }

  /** Resolves once the messages received so far have been handled. */
  idle(): Promise<void> {
    return this.receiving;
  }

  /** Test hook: drops the listening connection as a network failure would. */
  dropListener(): void {
    this.listener.drop();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    // A last attempt for what is queued (a closing node's final events).
    await Promise.race([this.flushed(), new Promise((r) => setTimeout(r, 2000).unref())]);
    this.closed = true;
    clearInterval(this.sweeper);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.listener.close();
    await this.receiving;
    await this.pool.end().catch(() => undefined);
  }

  private kick(): void {
    if (this.sending || this.retryTimer || this.queue.length === 0) return;
    this.sending = this.sendBatch().finally(() => {
      this.sending = null;
      if (this.queue.length > 0 && !this.retryTimer) this.kick();
    });
  }

  /** Sends what is queued as one statement; on failure keeps it and retries shortly. */
  private async sendBatch(): Promise<void> {
    const batch = this.queue.slice(0, 500);
    try {
      const payloads: string[] = [];
      for (const env of batch) {
        const text = JSON.stringify(env);
        if (Buffer.byteLength(text) <= this.inlineLimit) payloads.push(text);
        else payloads.push(JSON.stringify({ n: env.n, s: env.s, r: await storeEventPayload(this.pool, text) }));
      }
      await notifyEvents(this.pool, payloads);
      // Only now: messages queued meanwhile (or dropped by overflow) stay in order behind them.
      const sent = new Set(batch);
      this.queue = this.queue.filter((e) => !sent.has(e));
    } catch (err) {
      if (this.closed) return;
      this.warn(`[cluster] sending ${batch.length} message(s) failed (${errorText(err)}); retrying`);
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        this.kick();
      }, 500);
      this.retryTimer.unref();
    }
  }

  private received(text: string): void {
    let env: Envelope;
    try {
      env = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    if (env.n === this.nodeId) return;
    this.chain(() => this.handle(env));
  }

  /** Handles one received message after those before it. */
  private chain(fn: () => Promise<void>): void {
    this.receiving = this.receiving.then(fn).catch((err) => this.warn(`[cluster] handling a message failed: ${errorText(err)}`));
  }

  private async handle(env: Envelope): Promise<void> {
    const last = this.lastSeq.get(env.n);
    this.lastSeq.set(env.n, env.s);
    if (last !== undefined && env.s !== last + 1) await this.resync(`messages ${last + 1}..${env.s - 1} of node ${env.n} missed`);
    let message = env.m;
    if (env.r !== undefined) {
      const stored = await readEventPayload(this.pool, env.r);
      if (stored === null) return this.resync(`stored message ${env.r} of node ${env.n} gone`);
      message = (JSON.parse(stored) as Envelope).m;
    }
    for (const fn of [...this.handlers]) {
      try {
        await fn(message, env.n);
      } catch (err) {
        this.warn(`[cluster] a message handler failed: ${errorText(err)}`);
      }
    }
  }

  private async resync(why: string): Promise<void> {
    this.warn(`[cluster] resync: ${why}`);
    for (const fn of [...this.resyncs]) {
      try {
        await fn();
      } catch (err) {
        this.warn(`[cluster] resync failed: ${errorText(err)}`);
      }
    }
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
