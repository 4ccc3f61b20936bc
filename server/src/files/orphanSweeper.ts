import { sweepOrphans, type OrphanSweepOptions } from "./orphanSweep.js";
import type { RecordFolders } from "./recordFolder.js";
import { SPOOL_LIFE_MS } from "./spoolLife.js";

export interface OrphanSweeperOptions extends Omit<OrphanSweepOptions, "folders" | "stopped" | "minAgeMs" | "removed"> {
  /** The current storage's record folders (read again for each pass: the storage settings may change). */
  folders: () => RecordFolders;
  /** Default SPOOL_LIFE_MS. */
  minAgeMs?: number;
  /** Where a removed folder or a failed pass is reported; default stdout/stderr. */
  log?: (line: string) => void;
  warn?: (line: string) => void;
  /** Whether this node sweeps: with several nodes only the leader does (start() again when it becomes one). Default: always. */
  leads?: () => boolean;
}

/**
 * Runs the orphan sweep off the request path: a first pass once the app has started, and
 * another when orphans it had to leave for their age (a crash just before this start) are old
 * enough. Its timers never keep the process alive; close() stops it and waits for a pass in
 * progress.
 */
export class OrphanSweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly opts: OrphanSweeperOptions) {}

  start(): void {
    this.schedule(0);
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    // setTimeout's longest delay is about 24.8 days.
    this.timer = setTimeout(() => (this.running = this.pass()), Math.min(ms, 2 ** 31 - 1));
    this.timer.unref();
  }

  private async pass(): Promise<void> {
    this.timer = null;
    // Not the leader (any more): the node that leads sweeps, and start() runs again if this one becomes it.
    if (!(this.opts.leads?.() ?? true)) return;
    const { log = (l) => process.stdout.write(l + "\n"), warn = (l) => process.stderr.write(l + "\n") } = this.opts;
    const minAgeMs = this.opts.minAgeMs ?? SPOOL_LIFE_MS;
    try {
      const { removed, nextDue } = await sweepOrphans({
        ...this.opts,
        folders: this.opts.folders(),
        minAgeMs,
        stopped: () => this.stopped,
        removed: (folder, modified) => log(`Removed orphan storage folder ${folder} (no record; last written ${modified.toISOString()})`),
      });
      if (removed.length) log(`Orphan sweep: removed ${removed.length} storage folder(s) without a record`);
      if (nextDue !== null) this.schedule(nextDue - (this.opts.now ?? Date.now)() + 1000);
    } catch (err) {
      warn(`[files] orphan sweep failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
