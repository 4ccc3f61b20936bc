import type { DB } from "../db/connection.js";
import type { SettingsStore } from "../settings/store.js";
import { newId } from "../tools/random.js";
import { nowString } from "../tools/time.js";

export interface LogEntry {
  level: number;
  message: string;
  data: Record<string, unknown>;
}

const BATCH_SIZE = 200;
const FLUSH_INTERVAL_MS = 1000;

/**
 * Buffers log entries and writes them to logs.db in batches, off the request path.
 * Entries below `logs.minLevel` are dropped; `logs.maxDays = 0` disables persistence.
 */
export class LogWriter {
  private queue: { id: string; level: number; message: string; data: string; created: string }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private insert;

  constructor(private readonly db: DB, private readonly settings: SettingsStore) {
    this.insert = db.prepare("INSERT INTO _logs (id, level, message, data, created, updated) VALUES (?, ?, ?, ?, ?, ?)");
  }

  add(entry: LogEntry): void {
    const { maxDays, minLevel } = this.settings.get().logs;
    if (maxDays <= 0 || entry.level < minLevel) return;
    const created = nowString();
    this.queue.push({ id: newId(), level: entry.level, message: entry.message, data: JSON.stringify(entry.data), created });
    if (this.queue.length >= BATCH_SIZE) this.flush();
    else if (!this.timer) this.timer = setTimeout(() => this.flush(), FLUSH_INTERVAL_MS);
  }

  /** An application error log (level ERROR), e.g. a mail that failed in the background. */
  error(message: string, err: unknown): void {
    this.add({ level: 8, message, data: { type: "app", error: err instanceof Error ? err.message : String(err) } });
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    this.db.transaction(() => {
      for (const r of batch) this.insert.run(r.id, r.level, r.message, r.data, r.created, r.created);
    })();
  }

  async close(): Promise<void> {
    this.flush();
  }
}
