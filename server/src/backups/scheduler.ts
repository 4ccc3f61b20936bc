import { Cron } from "croner";
import type { EventBus } from "../events/bus.js";
import type { SettingsStore } from "../settings/store.js";
import { CRON_MACROS, cronError } from "../settings/cron.js";

/**
 * Runs auto backups on `backups.cron` (UTC; five fields or a macro, as the settings validator
 * accepts them), rescheduled whenever the settings are saved. Like the reference, a day
 * matches only when both its day of month and its day of week match.
 */
export class BackupScheduler {
  private job: Cron | null = null;
  private expr = "";
  private readonly unsubscribe: () => void;

  constructor(
    private readonly app: { readonly settings: SettingsStore; readonly events: EventBus },
    private readonly run: () => Promise<void>,
    private readonly onError: (err: unknown) => void = (err) => console.error("auto backup failed:", err),
  ) {
    this.unsubscribe = app.events.on("settings.save", () => this.apply());
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
    const expr = this.app.settings.get().backups.cron.trim();
    if (expr === this.expr) return;
    this.job?.stop();
    this.job = null;
    this.expr = "";
    if (expr === "" || cronError(expr) !== null) return;
    this.expr = expr;
    this.job = new Cron(CRON_MACROS[expr] ?? expr, { timezone: "UTC", domAndDow: true, unref: true, protect: true }, () =>
      this.run().catch(this.onError),
    );
  }

  stop(): void {
    this.unsubscribe();
    this.job?.stop();
    this.job = null;
    this.expr = "";
  }
}
