import { formatDate } from "../tools/time.js";

export type BackupAction = "backup" | "restore";

/**
 * The steps of a run, in order. `done`/`total` count the bytes of the current phase:
 * - backup: `snapshot` (database pages copied), `zip` (bytes of the files read into the
 *   archive), `store` (archive bytes written to the backups storage);
 * - restore: `download` (archive bytes fetched from S3; S3 only), `validate` (no count),
 *   `extract` (uncompressed bytes written), `reload` (swap and reopen; no count).
 * On PostgreSQL, `snapshot` (the dump) and `reload` (loading the database) count rows instead.
 */
export type BackupPhase = "snapshot" | "zip" | "store" | "download" | "validate" | "extract" | "reload";

export type ProgressReport =
  | { running: false }
  | { running: true; action: BackupAction; key: string; phase: BackupPhase; done: number; total: number; startedAt: string };

/**
 * The one backup or restore running, and how far it got. Counting is a number added per
 * chunk (chunks are ~1 MB), so the run itself does not slow down; readers take a snapshot.
 */
export class BackupProgress {
  private current: { action: BackupAction; key: string; phase: BackupPhase; done: number; total: number; startedAt: Date } | null = null;

  /** The key being made or restored, or null when idle. */
  get key(): string | null {
    return this.current?.key ?? null;
  }

  get running(): boolean {
    return this.current !== null;
  }

  /** Starts a run; throws when one is already running (callers check `running` first). */
  start(action: BackupAction, key: string, phase: BackupPhase): void {
    if (this.current) throw new Error(`a ${this.current.action} is already running`);
    this.current = { action, key, phase, done: 0, total: 0, startedAt: new Date() };
  }

  /** Moves to the next phase, with its byte count from 0 (total 0 when it has no count). */
  phase(phase: BackupPhase, total = 0): void {
    if (!this.current) return;
    Object.assign(this.current, { phase, done: 0, total });
  }

  /** Bytes done in the current phase; a total that proves short grows with them (done never passes total). */
  add = (bytes: number): void => {
    const c = this.current;
    if (!c) return;
    c.done += bytes;
    // A file that grew since it was measured must not show more than 100 %.
    if (c.total > 0 && c.done > c.total) c.total = c.done;
  };

  finish(): void {
    this.current = null;
  }

  report(): ProgressReport {
    const c = this.current;
    if (!c) return { running: false };
    return { running: true, action: c.action, key: c.key, phase: c.phase, done: c.done, total: c.total, startedAt: formatDate(c.startedAt) };
  }
}
