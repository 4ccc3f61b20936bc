import type { Db } from "../db/types.js";
import { paramsRepo } from "../db/params.js";
import type { EventBus } from "../events/bus.js";
import { decryptText, encryptText } from "./encryption.js";
import { defaultSettings } from "./defaults.js";
import { normalize, withExtras } from "../tools/goJson.js";
import { SETTINGS_SHAPE } from "./schema.js";
import type { Settings } from "../models/settings.js";

type Obj = Record<string, unknown>;

export interface SettingsStoreOptions {
  /** PocketBase's `--encryptionEnv` key: settings are stored encrypted and read whether encrypted or plain. */
  encryptionKey?: string;
  /** Told when stored settings cannot be read (encrypted with another key, or no key given); the defaults are used. */
  onLoadError?: (message: string) => void;
}

/**
 * Holds the current settings in memory (read synchronously on every request) and persists
 * them in `_params` under key "settings". Stored values are read field by field against the
 * settings shape: a missing or mistyped field takes its default, so the in-memory value
 * always has the declared types; keys Cairn does not know (written by another version)
 * are kept aside and written back unchanged on every save. A save announces the new
 * settings on the bus (`settings.save`) once committed: whatever derives from them
 * (mailer, storage, backups schedule, rate limits, log retention) listens there.
 */
export class SettingsStore {
  private current!: Settings;
  private extras: Obj = {};

  /** Opens the store on `db`, with the stored settings loaded. */
  static async open(db: Db, events: EventBus, opts: SettingsStoreOptions = {}): Promise<SettingsStore> {
    const store = new SettingsStore(db, events, opts);
    await store.reload();
    return store;
  }

  private constructor(
    private readonly db: Db,
    private readonly events: EventBus,
    private readonly opts: SettingsStoreOptions,
  ) {}

  get(): Settings {
    return this.current;
  }

  /** Re-reads from the database (e.g. after another process changed it). */
  async reload(): Promise<Settings> {
    const stored = this.decode(await paramsRepo.readText(this.db, "settings"));
    const { value, extras } = normalize(SETTINGS_SHAPE, defaultSettings() as unknown as Obj, stored);
    this.current = value as unknown as Settings;
    this.extras = extras;
    return this.current;
  }

  /** Persists complete settings (already validated); once committed, they are current and `settings.save` goes out. */
  save(next: Settings): Promise<Settings> {
    return this.update(() => next);
  }

  /**
   * Saves what `change` (which may throw, e.g. a validation error: nothing is saved) makes of
   * the current settings. It runs inside the write transaction, after any save before it has
   * committed, so two changes at once both land instead of the later undoing the earlier.
   */
  update(change: (current: Settings) => Settings): Promise<Settings> {
    return this.db.transaction(async (tx) => {
      const { value } = normalize(SETTINGS_SHAPE, this.current as unknown as Obj, change(this.current));
      const saved = value as unknown as Settings;
      const json = JSON.stringify(withExtras(value, this.extras));
      await paramsRepo.writeText(tx, "settings", this.opts.encryptionKey ? encryptText(json, this.opts.encryptionKey) : json);
      tx.afterCommit(() => {
        this.current = saved;
        this.events.emit({ type: "settings.save", settings: saved });
      });
      return saved;
    });
  }

  private decode(text: string | null): unknown {
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
}
