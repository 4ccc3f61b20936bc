import path from "node:path";
import type { App } from "../app.js";
import { Hooks } from "../hooks/service.js";
import { LogLevel } from "../logs/model.js";
import { DirectRecords } from "../records/direct.js";
import type { RecordHookSlot } from "../records/writeHooks.js";

/** `--hooksDir`, else PocketBase's default: `pb_hooks` beside the data directory. */
export function hooksDirOf(flags: Record<string, string | boolean>, dataDir: string): string {
  return typeof flags.hooksDir === "string" ? flags.hooksDir : path.join(dataDir, "..", "pb_hooks");
}

/** `--hooksPool N` (PocketBase's default 25) as threads: at most 8, each holds every file. */
export function hooksPoolOf(flags: Record<string, string | boolean>): number {
  const n = typeof flags.hooksPool === "string" && /^\d+$/.test(flags.hooksPool) ? Number(flags.hooksPool) : 2;
  return Math.min(8, Math.max(1, n));
}

const LEVELS: Record<string, number> = { debug: LogLevel.DEBUG, info: LogLevel.INFO, warn: LogLevel.WARN, error: LogLevel.ERROR };

/** slog's attributes (`"key", value, "key", value`) as a log's data; a key without a value is `!BADKEY`'s, as Go's. */
function attributes(list: unknown[]): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (let i = 0; i < list.length; i += 2) {
    if (i + 1 < list.length) data[String(list[i])] = list[i + 1];
    else data["!BADKEY"] = list[i];
  }
  return data;
}

/** `--hooksWatch` (PocketBase's default: on; `--hooksWatch=false` turns it off). */
export function hooksWatchOf(flags: Record<string, string | boolean>): boolean {
  return flags.hooksWatch !== false && flags.hooksWatch !== "false";
}

/**
 * Loads the pb_hooks files over the app and hands their record hooks to the record service
 * (through `slot`, given to createApp). The services are read from the app on every call: a
 * restore reopens them. `CAIRN_HOOKS_TIMEOUT_MS` sets how long one hook may run (default 30 s).
 */
export async function loadHooks(app: App, dir: string, slot: RecordHookSlot, opts: { poolSize?: number; watch?: boolean; log?: (line: string) => void; leads?: () => boolean } = {}): Promise<Hooks> {
  const limit = Number(process.env.CAIRN_HOOKS_TIMEOUT_MS);
  const log = opts.log ?? ((line: string) => process.stderr.write(line + "\n"));
  const hooks = await Hooks.load({
    dir,
    poolSize: opts.poolSize,
    watch: opts.watch,
    timeoutMs: limit > 0 ? limit : undefined,
    leads: opts.leads ?? (() => app.backups.leads()),
    log,
    services: {
      get db() {
        return app.db;
      },
      get collections() {
        return app.collections;
      },
      get records() {
        return app.records;
      },
      get direct() {
        return new DirectRecords({ events: app.events });
      },
      settings: () => app.settings.get(),
      log: (level, message, attrs) => app.logs.add({ level: LEVELS[level] ?? LogLevel.INFO, message, data: attributes(attrs) }),
    },
  });
  slot.use(hooks);
  return hooks;
}
