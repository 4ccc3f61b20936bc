import { newId } from "../tools/random.js";
import { nowString } from "../tools/time.js";
import type { Queryable } from "./types.js";

/**
 * `_params` is a key/value store; the reference keeps the app settings under key "settings"
 * (JSON, or encrypted text with `--encryptionEnv`). Values are stored as given.
 */
export const paramsRepo = {
  async readText(db: Queryable, key: string): Promise<string | null> {
    const row = await db.get<{ value: string | null }>("SELECT value FROM _params WHERE key = ?", [key]);
    return row?.value ?? null;
  },

  async writeText(db: Queryable, key: string, text: string): Promise<void> {
    const now = nowString();
    const res = await db.run("UPDATE _params SET value = ?, updated = ? WHERE key = ?", [text, now, key]);
    if (res.changes === 0) await db.run("INSERT INTO _params (id, key, value, created, updated) VALUES (?, ?, ?, ?, ?)", [newId(), key, text, now, now]);
  },
};
