import { Cron } from "croner";
import type { Leader } from "../cluster/leader.js";
import type { EventBus } from "../events/bus.js";
import type { SettingsStore } from "../settings/store.js";
import { CRON_MACROS, cronError } from "../settings/cron.js";

/**
 * Runs auto backups on `backups.cron` (UTC; five fields or a macro, as the settings validator
 * accepts them), rescheduled whenever the settings are saved. Like the reference, a day
 * matches only when both its day of month and its day of week match. Every node keeps the
 * schedule (admins see its next run on any of them), but a run starts only on the node that
 * holds the leader lease, so a cluster makes each auto backup once.
 */
export class BackupScheduler {
  private job: Cron | null = null;
  private expr = "";
  private readonly unsubscribe: () => void;

  constructor(
    private readonly deps: { readonly settings: SettingsStore; readonly events: EventBus },
    private readonly leader: Leader,
    private readonly run: () => Promise<void>,
    private readonly onError: (err: unknown) => void = (err) => console.error("auto backup failed:", err),
  ) {
    this.unsubscribe = deps.events.on("settings.save", () => this.apply());
    this.apply();
  }

  /** The expression currently scheduled ("" when auto backups are off). */
  get scheduled(): string {
    return this.expr;
  }

  /** When the next auto backup is due, or null. */
  nextRun(): Date | null {
    return this.job?.nextRun() ?? null;
  }

  private apply(): void {
    const expr = this.deps.settings.get().backups.cron.trim();
    if (expr === this.expr) return;
    this.job?.stop();
    this.job = null;
    this.expr = "";
    if (expr === "" || cronError(expr) !== null) return;
    this.expr = expr;
    this.job = new Cron(CRON_MACROS[expr] ?? expr, { timezone: "UTC", domAndDow: true, unref: true, protect: true }, () => this.fire());
  }

  /** Runs the scheduled job now, as its time coming would (nothing when auto backups are off). */
  trigger(): Promise<void> {
    return this.job?.trigger() ?? Promise.resolve();
  }

  private async fire(): Promise<void> {
    if (!this.leader.isLeader()) return;
    await this.run().catch(this.onError);
  }

  stop(): void {
    this.unsubscribe();
    this.job?.stop();
    this.job = null;
    this.expr = "";
  }
}
