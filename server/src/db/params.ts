import type { DB } from "./connection.js";
import { newId } from "../tools/random.js";
import { nowString } from "../tools/time.js";

/** `_params` is a key/JSON store; the reference keeps the app settings under key "settings". */
export function readParam<T>(db: DB, key: string): T | null {
  const row = db.prepare("SELECT value FROM _params WHERE key = ?").get(key) as { value: string | null } | undefined;
  if (!row || row.value == null) return null;
  return JSON.parse(row.value) as T;
}

export function insertParam(db: DB, key: string, value: unknown): void {
  const now = nowString();
  db.prepare("INSERT INTO _params (id, key, value, created, updated) VALUES (?, ?, ?, ?, ?)").run(
    newId(), key, JSON.stringify(value), now, now,
  );
}

export function upsertParam(db: DB, key: string, value: unknown): void {
  const now = nowString();
  const res = db.prepare("UPDATE _params SET value = ?, updated = ? WHERE key = ?").run(JSON.stringify(value), now, key);
  if (res.changes === 0) insertParam(db, key, value);
}

/** A param's stored text as is (e.g. encrypted settings, which are not JSON). */
export function readParamText(db: DB, key: string): string | null {
  const row = db.prepare("SELECT value FROM _params WHERE key = ?").get(key) as { value: string | null } | undefined;
  return row?.value ?? null;
}

/** Stores a param's text as is (no JSON encoding). */
export function upsertParamText(db: DB, key: string, text: string): void {
  const now = nowString();
  const res = db.prepare("UPDATE _params SET value = ?, updated = ? WHERE key = ?").run(text, now, key);
  if (res.changes === 0) {
    db.prepare("INSERT INTO _params (id, key, value, created, updated) VALUES (?, ?, ?, ?, ?)").run(newId(), key, text, now, now);
  }
}
