import type { Db } from "../db/types.js";
import { logsRepo, type LogRow } from "../db/logs.js";
import type { EventBus } from "../events/bus.js";
import type { SettingsStore } from "../settings/store.js";
import type { Settings } from "../models/settings.js";
import { newId } from "../tools/random.js";
import { formatDate } from "../tools/time.js";
import { LogLevel } from "./model.js";

export interface LogEntry {
  level: number;
  message: string;
  data: Record<string, unknown>;
}

export interface LogWriterOptions {
  /** A full queue is flushed at once (still off the caller's stack). Default 200. */
  batchSize?: number;
  /** The longest an entry waits in memory before being written. Default 2000 ms. */
  flushIntervalMs?: number;
  /** Entries kept in memory while writes fail; the oldest are dropped beyond it. Default 10000. */
  maxQueue?: number;
  /** A failed batch is retried this many times before being dropped. Default 3. */
  maxAttempts?: number;
  /** How often old logs are deleted (the first batch after start deletes too). Default 6 hours. */
  retentionIntervalMs?: number;
  /** Clock, for tests. */
  now?: () => Date;
  /** Where write failures are reported. Default console.warn. */
  warn?: (message: string) => void;
  /**
   * Whether this node runs the retention deletes (the periodic one and the one after a
   * `logs.maxDays` change): with several nodes only the leader does (cluster/leader.ts). Default: always.
   */
  leads?: () => boolean;
}

const DEFAULTS: Required<Omit<LogWriterOptions, "now" | "warn" | "leads">> = {
  batchSize: 200,
  flushIntervalMs: 2000,
  maxQueue: 10_000,
  maxAttempts: 3,
  retentionIntervalMs: 6 * 60 * 60 * 1000,
};

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Buffers log entries and writes them to logs.db in batches, off the request path.
 * Entries below `logs.minLevel` are dropped; `logs.maxDays = 0` disables persistence
 * (and deletes what was stored). Logs older than `logs.maxDays` are deleted with the
 * first batch after start, then at most every `retentionIntervalMs`, and on every
 * `settings.save` from the bus. Writes run one after the other (each batch is one
 * transaction of `logsRepo.insertMany`). A failed write never throws: it is reported with console.warn and
 * the batch is retried a few times before it is dropped (also reported).
 */
export class LogWriter {
  private readonly opts: typeof DEFAULTS;
  private readonly now: () => Date;
  private readonly warn: (message: string) => void;
  private readonly leads: () => boolean;
  private queue: LogRow[] = [];
  /** A batch that failed to write and its attempt count, retried before newer entries. */
  private retry: { rows: LogRow[]; attempts: number } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private timerSoon = false;
  private lastRetention = 0;
  private closed = false;
  private unsubscribe: () => void;
  private pendingWork = new Set<NodeJS.Immediate>();
  private maxDays: number;
  /** The write in progress: flushes and deletes queue behind it, so batches land in order. */
  private writing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsStore,
    events: EventBus,
    options: LogWriterOptions = {},
  ) {
    this.opts = { ...DEFAULTS, ...stripUndefined(options) };
    this.now = options.now ?? (() => new Date());
    this.warn = options.warn ?? ((m) => console.warn(m));
    this.leads = options.leads ?? (() => true);
    this.maxDays = settings.get().logs.maxDays;
    this.unsubscribe = events.on("settings.save", (e) => this.onSettingsSaved(e.settings));
  }

  /** Queues one entry (O(1); never throws, never touches the database). */
  add(entry: LogEntry): void {
    if (this.closed) return;
    const { maxDays, minLevel } = this.settings.get().logs;
    if (!(maxDays > 0) || entry.level < minLevel) return;
    const created = formatDate(this.now());
    let data: string;
    try {
      data = JSON.stringify(entry.data ?? {});
    } catch (err) {
      data = JSON.stringify({ error: `unserializable log data: ${errorText(err)}` });
    }
    this.queue.push({ id: newId(), level: entry.level, message: entry.message, data, created, updated: created });
    if (this.queue.length > this.opts.maxQueue) {
      const dropped = this.queue.length - this.opts.maxQueue;
      this.queue.splice(0, dropped);
      this.warn(`[logs] queue full, dropped ${dropped} log entr${dropped === 1 ? "y" : "ies"}`);
    }
    this.schedule(this.queue.length >= this.opts.batchSize ? 0 : this.opts.flushIntervalMs);
  }

  /** An application error log (level ERROR), e.g. a mail that failed in the background. */
  error(message: string, err: unknown): void {
    this.add({ level: LogLevel.ERROR, message, data: { type: "app", error: errorText(err) } });
  }

  /** How many entries wait in memory (queued and failed batches). */
  get pending(): number {
    return this.queue.length + (this.retry?.rows.length ?? 0);
  }

  /**
   * Writes everything queued now, in one transaction. Resolves to false when the write failed
   * (the entries are kept for a retry unless they exhausted their attempts). Never rejects.
   */
  flush(): Promise<boolean> {
    this.clearTimer();
    return this.serially(() => this.writeQueued());
  }

  /** fn after the write in progress (never two at once on the logs database). */
  private serially<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.writing.then(fn);
    this.writing = run.catch(() => undefined);
    return run;
  }

  private async writeQueued(): Promise<boolean> {
    const batch = this.retry ? this.retry.rows.concat(this.queue) : this.queue;
    const attempts = this.retry?.attempts ?? 0;
    this.queue = [];
    this.retry = null;
    let ok = true;
    if (batch.length > 0) {
      try {
        await logsRepo.insertMany(this.db, batch);
      } catch (err) {
        ok = false;
        this.failed(batch, attempts + 1, err);
      }
    }
    if (ok && batch.length > 0 && this.opts.retentionIntervalMs > 0 && this.now().getTime() - this.lastRetention >= this.opts.retentionIntervalMs && this.leads()) {
      await this.deleteExpiredNow();
    }
    if (this.pending > 0) this.schedule(this.opts.flushIntervalMs);
    return ok;
  }

  /**
   * Deletes logs older than `logs.maxDays` days (all of them when it is 0). Never rejects;
   * resolves to the number of deleted logs, or -1 on failure.
   */
  deleteExpired(): Promise<number> {
    return this.serially(() => this.deleteExpiredNow());
  }

  private async deleteExpiredNow(): Promise<number> {
    this.lastRetention = this.now().getTime();
    const { maxDays } = this.settings.get().logs;
    try {
      if (!(maxDays > 0)) return await logsRepo.deleteAllLogs(this.db, false);
      return await logsRepo.deleteOlderThan(this.db, formatDate(new Date(this.now().getTime() - maxDays * DAY_MS)));
    } catch (err) {
      this.warn(`[logs] failed to delete old logs: ${errorText(err)}`);
      return -1;
    }
  }

  /** Flushes what is pending and stops accepting entries. Safe to call twice. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.flush();
    this.closed = true;
    this.clearTimer();
    this.unsubscribe();
    for (const t of this.pendingWork) clearImmediate(t);
    this.pendingWork.clear();
    const left = this.pending;
    if (left > 0) this.warn(`[logs] closing with ${left} unwritten log entr${left === 1 ? "y" : "ies"}`);
    this.queue = [];
    this.retry = null;
  }

  private onSettingsSaved(s: Settings): void {
    const prev = this.maxDays;
    this.maxDays = s.logs.maxDays;
    if (this.closed) return;
    if (!(s.logs.maxDays > 0)) {
      this.queue = [];
      this.retry = null;
      this.clearTimer();
    }
    // Off the saving request's path; a close() in between wins.
    const t = setImmediate(() => {
      this.pendingWork.delete(t);
      if (!this.closed) void this.serially(() => this.applyRetention(prev));
    });
    this.pendingWork.add(t);
  }

  private async applyRetention(prev: number): Promise<void> {
    if (!this.leads()) return;
    if (!(this.settings.get().logs.maxDays > 0)) {
      // Persistence is off: delete everything, giving the space back once when turning it off.
      this.lastRetention = this.now().getTime();
      try {
        await logsRepo.deleteAllLogs(this.db, prev > 0);
      } catch (err) {
        this.warn(`[logs] failed to delete logs: ${errorText(err)}`);
      }
      return;
    }
    await this.deleteExpiredNow();
  }

  private failed(batch: LogRow[], attempts: number, err: unknown): void {
    const what = `${batch.length} log entr${batch.length === 1 ? "y" : "ies"}`;
    if (attempts >= this.opts.maxAttempts || this.closed) {
      this.warn(`[logs] dropped ${what} after ${attempts} failed write(s): ${errorText(err)}`);
      return;
    }
    const kept = batch.length > this.opts.maxQueue ? batch.slice(-this.opts.maxQueue) : batch;
    this.retry = { rows: kept, attempts };
    this.warn(`[logs] failed to write ${what} (attempt ${attempts} of ${this.opts.maxAttempts}, will retry): ${errorText(err)}`);
  }

  private schedule(delayMs: number): void {
    if (this.closed) return;
    if (this.timer && (this.timerSoon || delayMs > 0)) return;
    this.clearTimer();
    const t = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delayMs);
    // Pending logs never keep the process alive; close() flushes them on shutdown.
    t.unref?.();
    this.timer = t;
    this.timerSoon = delayMs === 0;
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerSoon = false;
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
