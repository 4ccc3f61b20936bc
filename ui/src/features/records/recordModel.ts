import type { Collection, SchemaField } from "../../data/collections/types";
import { VALIDATION_MESSAGES } from "../../lib/validation";

/** A record as the API returns it: system keys plus schema values. */
export type RecordData = Record<string, unknown>;

/** Files picked in the panel but not uploaded yet, and stored names marked deleted, per field. */
export type PendingUploads = Record<string, File[]>;
export type PendingDeletions = Record<string, string[]>;

export const RECORD_ID_MIN_LENGTH = 15;
export const AUTH_RECORD_FIELDS = ["username", "email", "emailVisibility", "password", "passwordConfirm", "verified"] as const;
export const PASSWORD_FIELDS = ["password", "passwordConfirm"] as const;
/** Generated passwords are at least this long (or minPasswordLength when greater). */
export const GENERATED_PASSWORD_MIN = 15;
export const INVALID_JSON_CODE = "invalid_json";

export const isAuthCollection = (c: Pick<Collection, "type">) => c.type === "auth";
export const isViewCollection = (c: Pick<Collection, "type">) => c.type === "view";

export function isMultiple(field: SchemaField): boolean {
  const max = Number(field.options?.maxSelect ?? 1);
  if (field.type === "relation") return field.options?.maxSelect === null || field.options?.maxSelect === undefined || max > 1;
  return max > 1;
}

export function hasEditorField(c: Collection): boolean {
  return c.schema.some((f) => f.type === "editor");
}

/** The keys a save may send: id, the schema fields and, for auth collections, the auth fields. */
export function payloadKeys(c: Collection): string[] {
  const keys = ["id", ...c.schema.map((f) => f.name)];
  if (isAuthCollection(c)) keys.push(...AUTH_RECORD_FIELDS);
  return keys;
}

/** Keys ignored by the change detection: file values (tracked as uploads/deletions), expand, passwords. */
function comparableKeys(c: Collection): string[] {
  const files = new Set(c.schema.filter((f) => f.type === "file").map((f) => f.name));
  return payloadKeys(c).filter((k) => !files.has(k) && !(PASSWORD_FIELDS as readonly string[]).includes(k));
}

/** Stable JSON for comparisons: undefined and null count as the same, key order does not matter. */
function canonical(v: unknown): string {
  if (v === undefined || v === null) return "null";
  if (Array.isArray(v)) return "[" + v.map(canonical).join(",") + "]";
  if (typeof v === "object") {
    const o = v as Record<string, unknown>;
    return "{" + Object.keys(o).sort().map((k) => JSON.stringify(k) + ":" + canonical(o[k])).join(",") + "}";
  }
  return JSON.stringify(v);
}

function sameValues(c: Collection, a: RecordData, b: RecordData): boolean {
  return comparableKeys(c).every((k) => canonical(a[k]) === canonical(b[k]));
}

export function hasPendingFiles(uploads: PendingUploads, deletions: PendingDeletions): boolean {
  return Object.values(uploads).some((l) => l.length > 0) || Object.values(deletions).some((l) => l.length > 0);
}

/** Changed: a value differs from the loaded record (files, expand, passwords ignored) or files are pending. */
export function isRecordChanged(c: Collection, original: RecordData, current: RecordData, uploads: PendingUploads = {}, deletions: PendingDeletions = {}): boolean {
  return hasPendingFiles(uploads, deletions) || !sameValues(c, original, current);
}

/** Text typed into the password fields: with "Change password" ticked, a change to save (passwords are not compared). */
export function hasPasswordInput(record: RecordData): boolean {
  return PASSWORD_FIELDS.some((k) => String(record[k] ?? "") !== "");
}

/** Save is enabled once loading is done and the record is new or changed. */
export function canSave(opts: { loading: boolean; isNew: boolean; changed: boolean; saving?: boolean }): boolean {
  return !opts.loading && !opts.saving && (opts.isNew || opts.changed);
}

// ---------- drafts ----------

/** The data a draft keeps: comparable values only (no files, passwords or expand). */
export function draftData(c: Collection, record: RecordData): RecordData {
  const out: RecordData = {};
  for (const k of comparableKeys(c)) if (record[k] !== undefined) out[k] = record[k];
  return out;
}

/** A draft is offered when it exists and differs from the loaded record. */
export function shouldOfferDraft(c: Collection, draft: RecordData | null, original: RecordData): boolean {
  return !!draft && !sameValues(c, { ...original, ...draft }, original);
}

/** Restoring applies the draft's values over the loaded record (file values stay as loaded). */
export function applyDraft(c: Collection, original: RecordData, draft: RecordData): RecordData {
  return { ...original, ...draftData(c, draft) };
}

export function parseDraft(text: string | null): RecordData | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as RecordData) : null;
  } catch {
    return null;
  }
}

// ---------- duplicate ----------

/** Duplicate: id, created and updated cleared, file values dropped; expand and passwords are not copied. */
export function duplicateRecord(c: Collection, record: RecordData): RecordData {
  const copy: RecordData = { ...record };
  delete copy.id;
  delete copy.created;
  delete copy.updated;
  delete copy.expand;
  for (const k of PASSWORD_FIELDS) delete copy[k];
  for (const f of c.schema) if (f.type === "file") copy[f.name] = isMultiple(f) ? [] : "";
  return copy;
}

// ---------- values ----------

/** A select value longer than maxSelect keeps its last maxSelect entries. */
export function trimSelect(value: unknown, maxSelect: number): string[] {
  const list = Array.isArray(value) ? value.map(String) : value === null || value === undefined || value === "" ? [] : [String(value)];
  const max = Math.max(1, maxSelect || 1);
  return list.length > max ? list.slice(list.length - max) : list;
}

/** Values of a multi-value field as a list. */
export function toList(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String).filter((s) => s !== "");
  if (v === null || v === undefined || v === "") return [];
  return [String(v)];
}

/** A stored json value as the editor's text ("" for null; a string keeps its quotes, so it stays a string when saved). */
export function jsonToText(v: unknown): string {
  if (v === null || v === undefined) return "";
  return JSON.stringify(v, null, 2);
}

/**
 * Plain-string normalization of a json input: true, false, null, numbers, arrays and objects are
 * kept as JSON; quoted text is left; any other text is quoted so it is stored as a string.
 */
export function normalizeJsonText(text: string): string {
  const t = (text ?? "").trim();
  if (!t) return "";
  if (t === "true" || t === "false" || t === "null") return t;
  // a JSON number; other number-like text (01, .5, 5.) is quoted, as typed, rather than rejected
  if (/^-?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?$/.test(t)) return t;
  // arrays and objects are kept as typed (invalid ones stay invalid and are reported)
  if (t.startsWith("[") || t.startsWith("{")) return t;
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) return t;
  return JSON.stringify(t);
}

export function isValidJson(text: string): boolean {
  return jsonParseError(text) === "";
}

/** The parse message of invalid JSON text; "" when valid or empty (empty counts as valid). */
export function jsonParseError(text: string): string {
  if (!(text ?? "").trim()) return "";
  try {
    JSON.parse(text);
    return "";
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** A stored date ("2024-01-02 03:04:05.678Z") truncated to its 19 significant characters. */
export function truncateDate(v: unknown): string {
  return typeof v === "string" ? v.slice(0, 19) : "";
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/** Stored UTC date -> the local value of a datetime-local input ("YYYY-MM-DDTHH:MM:SS"). */
export function utcToLocalInput(v: unknown): string {
  const s = truncateDate(v);
  if (!s) return "";
  const d = new Date(s.replace(" ", "T") + "Z");
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** datetime-local value (local time) -> stored UTC text "YYYY-MM-DD HH:MM:SS.000Z" ("" when empty). */
export function localInputToUtc(v: string): string {
  if (!v) return "";
  const d = new Date(v.length === 16 ? v + ":00" : v);
  if (Number.isNaN(d.getTime())) return "";
  return d.toISOString().replace("T", " ");
}

/** Generated password: letters and digits, length max(15, minPasswordLength). */
export function generatePassword(minPasswordLength = 0, random: (n: number) => Uint32Array = defaultRandom): string {
  const length = Math.max(GENERATED_PASSWORD_MIN, minPasswordLength || 0);
  const chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  return Array.from(random(length), (n) => chars[n % chars.length]).join("");
}

function defaultRandom(n: number): Uint32Array {
  return crypto.getRandomValues(new Uint32Array(n));
}

// ---------- payload ----------

/**
 * The multipart body of a save. Only id, the schema fields and (auth) the auth fields are sent;
 * undefined becomes null; json text is normalized; non-file values travel in `@jsonPayload` so
 * nulls, numbers, booleans and lists keep their types. New files go under the field name;
 * deletions as `field-` (the v0.22 modifier) and `field.filename` with an empty value.
 */
export function buildPayload(c: Collection, record: RecordData, uploads: PendingUploads = {}, deletions: PendingDeletions = {}, opts: { isNew?: boolean; sendPassword?: boolean } = {}): FormData {
  const data = new FormData();
  const values: Record<string, unknown> = {};
  const fileFields = new Set(c.schema.filter((f) => f.type === "file").map((f) => f.name));
  const jsonFields = new Set(c.schema.filter((f) => f.type === "json").map((f) => f.name));
  for (const key of payloadKeys(c)) {
    if (fileFields.has(key)) continue;
    if (key === "id" && !opts.isNew) continue;
    if (key === "id" && !record.id) continue;
    if ((PASSWORD_FIELDS as readonly string[]).includes(key) && !opts.sendPassword) continue;
    let v = record[key];
    if (v === undefined) v = null;
    if (jsonFields.has(key) && typeof v === "string") v = normalizeJsonText(v) || null;
    values[key] = v;
  }
  data.append("@jsonPayload", JSON.stringify(values));
  for (const name of fileFields) {
    for (const file of uploads[name] ?? []) data.append(name, file);
    for (const filename of deletions[name] ?? []) {
      data.append(name + "-", filename);
      data.append(`${name}.${filename}`, "");
    }
  }
  return data;
}

/** The JSON values of a payload built above (tests and debugging). */
export function payloadValues(data: FormData): Record<string, unknown> {
  const raw = data.get("@jsonPayload");
  return typeof raw === "string" ? (JSON.parse(raw) as Record<string, unknown>) : {};
}

// ---------- validation ----------

export type RecordErrors = Record<string, { code: string; message: string }>;

/** Client-side checks before a save, worded like the server's field errors. */
export function validateRecord(c: Collection, record: RecordData, opts: { isNew: boolean; passwordShown: boolean }): RecordErrors {
  const errors: RecordErrors = {};
  const id = typeof record.id === "string" ? record.id : "";
  if (opts.isNew && id && id.length < RECORD_ID_MIN_LENGTH) errors.id = { code: "validation_length_out_of_range", message: VALIDATION_MESSAGES.minLength(RECORD_ID_MIN_LENGTH) };
  for (const f of c.schema) {
    if (f.type !== "json") continue;
    const v = record[f.name];
    if (typeof v !== "string") continue;
    const err = jsonParseError(normalizeJsonText(v));
    if (err) errors[f.name] = { code: INVALID_JSON_CODE, message: err };
  }
  if (isAuthCollection(c)) {
    const blank = (k: string) => !String(record[k] ?? "").trim();
    if (c.options?.requireEmail && blank("email")) errors.email = { code: "validation_required", message: VALIDATION_MESSAGES.required };
    if (opts.passwordShown) {
      if (blank("password")) errors.password = { code: "validation_required", message: VALIDATION_MESSAGES.required };
      if (blank("passwordConfirm")) errors.passwordConfirm = { code: "validation_required", message: VALIDATION_MESSAGES.required };
      else if (record.password !== record.passwordConfirm) errors.passwordConfirm = { code: "validation_values_mismatch", message: VALIDATION_MESSAGES.mismatch };
    }
  }
  return errors;
}

/** A new record's initial values: every schema field empty (multi-value fields as lists). */
export function emptyRecord(c: Collection): RecordData {
  const r: RecordData = { id: "" };
  for (const f of c.schema) {
    if (f.type === "bool") r[f.name] = false;
    else if (f.type === "number") r[f.name] = null;
    else if (f.type === "json") r[f.name] = null;
    else if ((f.type === "select" || f.type === "file" || f.type === "relation") && isMultiple(f)) r[f.name] = [];
    else r[f.name] = "";
  }
  if (isAuthCollection(c)) Object.assign(r, { username: "", email: "", emailVisibility: false, verified: false, password: "", passwordConfirm: "" });
  return r;
}

/**
 * The panel's working copy of a record as the API returns it: json values as editable text,
 * selects trimmed, passwords empty. Not for a working copy (its json is text already).
 */
export function toFormRecord(c: Collection, record: RecordData): RecordData {
  const r: RecordData = { ...record };
  for (const f of c.schema) {
    if (f.type === "json") r[f.name] = jsonToText(r[f.name]);
    if (f.type === "select" && isMultiple(f)) r[f.name] = trimSelect(r[f.name], Number(f.options?.maxSelect ?? 1));
  }
  if (isAuthCollection(c)) {
    r.password = "";
    r.passwordConfirm = "";
  }
  return r;
}

/** A new record's working copy, with values of another working copy (a duplicate) over it. */
export function newFormRecord(c: Collection, values: RecordData = {}): RecordData {
  return { ...toFormRecord(c, emptyRecord(c)), ...values };
}
