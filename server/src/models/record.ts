import { AUTH_FIELD_NAMES, isAuth, type CollectionModel } from "./collection.js";
import { isMultipleField, type SchemaField } from "../fields/index.js";
import { jsonFromColumn, jsonText } from "../fields/json.js";

/** A record's values by column name, decoded (lists as arrays, booleans as booleans, JSON as RawJson text). */
export type RecordData = Record<string, unknown>;

export interface RecordModel {
  collection: CollectionModel;
  data: RecordData;
}

const BOOL_AUTH = new Set(["emailVisibility", "verified"]);

function parseList(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v !== "string" || v === "") return [];
  try {
    const parsed: unknown = JSON.parse(v);
    if (Array.isArray(parsed)) return parsed.map((x) => (typeof x === "string" ? x : JSON.stringify(x)));
    return typeof parsed === "string" ? [parsed] : [v];
  } catch {
    return [v];
  }
}

const toBool = (v: unknown) => v === true || v === 1 || v === 1n || v === "1" || v === "true";

/** A field's value read from its column. */
export function decodeValue(f: SchemaField<object>, v: unknown): unknown {
  switch (f.type) {
    case "number": {
      const n = typeof v === "bigint" ? Number(v) : typeof v === "number" ? v : Number(v ?? 0);
      return Number.isNaN(n) ? 0 : n;
    }
    case "bool":
      return toBool(v);
    case "json":
      return jsonFromColumn(v);
    case "select":
    case "file":
    case "relation":
      if (isMultipleField(f)) return parseList(v);
      return v === null || v === undefined ? "" : String(v);
    default:
      return v === null || v === undefined ? "" : String(v);
  }
}

/** A field's value as stored in its column. */
export function encodeValue(f: SchemaField<object>, v: unknown): unknown {
  switch (f.type) {
    case "bool":
      return v ? 1 : 0;
    case "json":
      return jsonText(v);
    case "select":
    case "file":
    case "relation":
      return isMultipleField(f) ? JSON.stringify(Array.isArray(v) ? v : []) : typeof v === "string" ? v : "";
    default:
      return v;
  }
}

/** A table row as record data (columns a view lacks are left out). */
export function recordFromRow(c: CollectionModel, row: Record<string, unknown>): RecordData {
  const out: RecordData = {};
  for (const k of ["id", "created", "updated"]) if (k in row) out[k] = row[k] === null || row[k] === undefined ? "" : String(row[k]);
  if (isAuth(c)) {
    for (const k of AUTH_FIELD_NAMES) if (k in row) out[k] = BOOL_AUTH.has(k) ? toBool(row[k]) : String(row[k] ?? "");
  }
  for (const f of c.schema) if (f.name in row) out[f.name] = decodeValue(f, row[f.name]);
  return out;
}

/** Record data as a row to store (base, auth and schema columns). */
export function rowFromRecord(c: CollectionModel, data: RecordData): Record<string, unknown> {
  const row: Record<string, unknown> = { id: data.id, created: data.created, updated: data.updated };
  if (isAuth(c)) {
    for (const k of AUTH_FIELD_NAMES) row[k] = BOOL_AUTH.has(k) ? (data[k] ? 1 : 0) : (data[k] ?? "");
  }
  for (const f of c.schema) row[f.name] = encodeValue(f, data[f.name]);
  return row;
}

/**
 * A record as read back after its save, with json values as saved: the reference answers
 * with the text it stored, also where SQLite keeps number-like text as a number (`1.10` reads back as 1.1).
 */
export function asSaved(c: CollectionModel, reread: RecordData | undefined, saved: RecordData): RecordData {
  if (!reread) return saved;
  for (const f of c.schema) if (f.type === "json") reread[f.name] = saved[f.name];
  return reread;
}

export interface ExportOptions {
  /** Show the email of an auth record even when emailVisibility is off (admins, the owner). */
  showEmail: boolean;
  /** Expanded relations, included only when not empty. */
  expand?: Record<string, unknown>;
  /** Keep only these top-level keys (the `fields` parameter), when given. */
  pick?: (obj: Record<string, unknown>) => Record<string, unknown>;
}

const HIDDEN_AUTH = new Set(["tokenKey", "passwordHash", "lastResetSentAt", "lastVerificationSentAt", "lastLoginAlertSentAt"]);

/** The API shape of a record: keys sorted (as the reference's map encoding), secrets left out. */
export function recordJson(c: CollectionModel, data: RecordData, opts: ExportOptions): Record<string, unknown> {
  const obj: Record<string, unknown> = { collectionId: c.id, collectionName: c.name };
  for (const [k, v] of Object.entries(data)) {
    if (isAuth(c) && HIDDEN_AUTH.has(k)) continue;
    obj[k] = v;
  }
  if (isAuth(c) && !opts.showEmail && data.emailVisibility !== true) delete obj.email;
  if (opts.expand && Object.keys(opts.expand).length > 0) obj.expand = opts.expand;
  const sorted: Record<string, unknown> = {};
  for (const k of Object.keys(obj).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) sorted[k] = obj[k];
  return sorted;
}
