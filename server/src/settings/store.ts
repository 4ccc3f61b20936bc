import type { DB } from "../db/connection.js";
import { readParam, upsertParam } from "../db/params.js";
import { defaultSettings } from "./defaults.js";
import { normalize, withExtras } from "../tools/goJson.js";
import { SETTINGS_SHAPE } from "./schema.js";
import type { Settings } from "./types.js";

type Obj = Record<string, unknown>;

/**
 * Holds the current settings in memory (read on every request) and persists them in
 * `_params` under key "settings". Stored values are read field by field against the
 * settings shape: a missing or mistyped field takes its default, so the in-memory value
 * always has the declared types; keys Cairn does not know (written by another version)
 * are kept aside and written back unchanged on every save.
 */
export class SettingsStore {
  private current!: Settings;
  private extras: Obj = {};
  private listeners = new Set<(s: Settings) => void>();

  constructor(private readonly db: DB) {
    this.reload();
  }

  get(): Settings {
    return this.current;
  }

  /** Re-reads from disk (e.g. after another process changed the file). */
  reload(): Settings {
    const stored = readParam<unknown>(this.db, "settings");
    const { value, extras } = normalize(SETTINGS_SHAPE, defaultSettings() as unknown as Obj, stored);
    this.current = value as unknown as Settings;
    this.extras = extras;
    return this.current;
  }

  /** Persists complete settings (already validated) and notifies listeners. */
  save(next: Settings): void {
    const { value } = normalize(SETTINGS_SHAPE, this.current as unknown as Obj, next);
    upsertParam(this.db, "settings", withExtras(value, this.extras));
    this.current = value as unknown as Settings;
    for (const fn of this.listeners) fn(this.current);
  }

  onChange(fn: (s: Settings) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
}
