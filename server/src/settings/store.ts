import type { DB } from "../db/connection.js";
import { readParam, upsertParam } from "../db/params.js";
import { defaultSettings } from "./defaults.js";
import type { Settings } from "./types.js";

/**
 * Holds the current settings in memory (read on every request) and persists them in
 * `_params` under key "settings", merged over the defaults so a partial row still works.
 */
export class SettingsStore {
  private current: Settings;
  private listeners = new Set<(s: Settings) => void>();

  constructor(private readonly db: DB) {
    this.current = this.load();
  }

  private load(): Settings {
    const stored = readParam<Partial<Settings>>(this.db, "settings");
    return deepMerge(defaultSettings(), stored ?? {}) as Settings;
  }

  get(): Settings {
    return this.current;
  }

  /** Re-reads from disk (e.g. after another process changed the file). */
  reload(): Settings {
    this.current = this.load();
    return this.current;
  }

  save(next: Settings): void {
    upsertParam(this.db, "settings", next);
    this.current = next;
    for (const fn of this.listeners) fn(next);
  }

  onChange(fn: (s: Settings) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Recursively overlays `over` onto `base` (objects merge, everything else replaces). */
export function deepMerge(base: unknown, over: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(over)) return over === undefined ? base : over;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = deepMerge(base[k], v);
  return out;
}
