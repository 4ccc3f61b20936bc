import type { DB } from "../db/connection.js";
import { readParamText, upsertParamText } from "../db/params.js";
import { decryptText, encryptText } from "./encryption.js";
import { defaultSettings } from "./defaults.js";
import { normalize, withExtras } from "../tools/goJson.js";
import { SETTINGS_SHAPE } from "./schema.js";
import type { Settings } from "../models/settings.js";

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

  /**
   * With an `encryptionKey` (PocketBase's `--encryptionEnv`), settings are stored encrypted
   * and read whether encrypted or plain; stored settings that cannot be read (encrypted with
   * another key, or no key given) fall back to the defaults and `onLoadError` is told.
   */
  constructor(
    private readonly db: DB,
    private readonly opts: { encryptionKey?: string; onLoadError?: (message: string) => void } = {},
  ) {
    this.reload();
  }

  get(): Settings {
    return this.current;
  }

  /** Re-reads from disk (e.g. after another process changed the file). */
  reload(): Settings {
    const stored = this.readStored();
    const { value, extras } = normalize(SETTINGS_SHAPE, defaultSettings() as unknown as Obj, stored);
    this.current = value as unknown as Settings;
    this.extras = extras;
    return this.current;
  }

  /** Persists complete settings (already validated) and notifies listeners. */
  save(next: Settings): void {
    const { value } = normalize(SETTINGS_SHAPE, this.current as unknown as Obj, next);
    const json = JSON.stringify(withExtras(value, this.extras));
    upsertParamText(this.db, "settings", this.opts.encryptionKey ? encryptText(json, this.opts.encryptionKey) : json);
    this.current = value as unknown as Settings;
    for (const fn of this.listeners) fn(this.current);
  }

  private readStored(): unknown {
    const text = readParamText(this.db, "settings");
    if (text === null) return null;
    const key = this.opts.encryptionKey;
    const plain = key ? (decryptText(text, key) ?? text) : text;
    try {
      return JSON.parse(plain);
    } catch {
      this.opts.onLoadError?.("failed to load the stored app settings - missing or invalid encryption key");
      return null;
    }
  }

  onChange(fn: (s: Settings) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
}
