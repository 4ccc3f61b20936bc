import { isMultipleField, type SchemaField } from "../fields/index.js";
import { formatNumber } from "./filterSql.js";
import { RawJson } from "../tools/rawJson.js";
import { AUTH_FIELD_NAMES, isAuth, type CollectionModel } from "../models/collection.js";

/**
 * What API rules can read about the current request (`@request.*`), as the records
 * routes hand it over. Values are bound as SQL parameters, never spliced into SQL.
 */
export interface AuthInfo {
  /** The auth record's collection. */
  collection: CollectionModel;
  /**
   * The auth record: its table row as stored (JSON columns as text, booleans as 0/1),
   * or the same values decoded (arrays, objects, booleans).
   */
  record: Record<string, unknown>;
}

export interface RequestInfo {
  /** The signed-in auth record; null or absent for guests and admins. */
  auth?: AuthInfo | null;
  /**
   * The submitted body: JSON values as sent; a multipart body with its values already
   * typed the way the records API reads them.
   */
  data?: Record<string, unknown>;
  /** URL query parameters; for a repeated parameter the first value counts. */
  query?: Record<string, unknown>;
  /** Request headers in any case; names are lowercased with `-` as `_`, the first value counts. */
  headers?: Record<string, unknown>;
  /** The HTTP method as received, e.g. "GET" (default "GET"). */
  method?: string;
  /** "default" for normal requests (the default); e.g. "realtime", "protectedFile", "oauth2". */
  context?: string;
}

/** The auth columns an exported auth record carries (the secrets and reset times are not). */
const PUBLIC_AUTH_FIELDS = ["username", "email", "emailVisibility", "verified"];

const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);

/** The `@request.*` values as one nested map: context, method, query, headers, data, auth. */
export function staticRequestMap(info: RequestInfo): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(info.query ?? {})) if (first(v) !== undefined) query[k] = first(v);
  const headers: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(info.headers ?? {})) {
    const value = first(v);
    if (value !== undefined) headers[k.toLowerCase().replace(/-/g, "_")] = value;
  }
  return {
    context: info.context ?? "default",
    method: info.method ?? "GET",
    query,
    headers,
    data: info.data ?? {},
    auth: info.auth ? exportAuthRecord(info.auth) : null,
  };
}

/**
 * The auth record as rules see it: system fields, collectionId/collectionName, the public
 * auth fields (the email always, whatever emailVisibility says) and the schema fields.
 * Values are typed the way the reference binds them: text as strings, numbers, booleans,
 * JSON fields as their raw JSON text ("" for none), multi-value fields as arrays.
 */
export function exportAuthRecord(auth: AuthInfo): Record<string, unknown> {
  const r = auth.record;
  const out: Record<string, unknown> = {
    id: str(r.id),
    created: str(r.created),
    updated: str(r.updated),
    collectionId: auth.collection.id,
    collectionName: auth.collection.name,
  };
  if (isAuth(auth.collection)) {
    for (const name of PUBLIC_AUTH_FIELDS) {
      out[name] = name === "emailVisibility" || name === "verified" ? truthy(r[name]) : str(r[name]);
    }
  }
  for (const f of auth.collection.schema) {
    if (AUTH_FIELD_NAMES.includes(f.name)) continue;
    out[f.name] = exportFieldValue(f, r[f.name]);
  }
  return out;
}

function exportFieldValue(f: SchemaField<object>, v: unknown): unknown {
  switch (f.type) {
    case "bool":
      return truthy(v);
    case "number": {
      const n = typeof v === "number" ? v : Number(v ?? 0);
      return Number.isFinite(n) ? n : 0;
    }
    case "json":
      if (v === null || v === undefined) return "";
      if (v instanceof RawJson) return v.text;
      return typeof v === "string" ? v : goJson(v);
    default:
      if (isMultipleField(f)) return toStringList(v);
      return str(v);
  }
}

function toStringList(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(str);
  if (typeof v === "string") {
    if (v === "") return [];
    try {
      const parsed: unknown = JSON.parse(v);
      if (Array.isArray(parsed)) return parsed.map(str);
    } catch {
      /* a plain value */
    }
    return [v];
  }
  return [];
}

const str = (v: unknown): string => (v === null || v === undefined ? "" : typeof v === "string" ? v : String(v));

function truthy(v: unknown): boolean {
  return v === true || v === 1 || v === 1n || v === "1" || v === "true";
}

/** JSON the way Go's encoder writes a decoded value: map keys sorted, <, > and & escaped. */
export function goJson(v: unknown): string {
  return JSON.stringify(sortKeys(v))
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    return Object.fromEntries(Object.keys(o).sort().map((k) => [k, sortKeys(o[k])]));
  }
  return v;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The value at a key path through nested maps; `found` is false when a key is missing. */
export function extractPath(root: Record<string, unknown>, path: string[]): { found: boolean; value: unknown } {
  let cur: unknown = root;
  for (const key of path) {
    if (!isPlainObject(cur) || !Object.prototype.hasOwnProperty.call(cur, key)) return { found: false, value: undefined };
    cur = cur[key];
  }
  return { found: true, value: cur };
}

/**
 * Go's strconv.ParseFloat acceptance: decimal (with exponent), hex float, inf/infinity, nan.
 * Used to read a numeric string bound to a number field's name as a number.
 */
export function parseGoFloat(s: string): number | undefined {
  if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) return Number(s);
  const m = /^([+-]?)(inf|infinity|nan)$/i.exec(s);
  if (m) return m[2].toLowerCase() === "nan" ? NaN : m[1] === "-" ? -Infinity : Infinity;
  const hex = /^([+-]?)0[xX]([0-9a-fA-F]*)\.?([0-9a-fA-F]*)[pP]([+-]?\d+)$/.exec(s);
  if (hex && (hex[2] !== "" || hex[3] !== "")) {
    const mant = parseInt(hex[2] || "0", 16) + (hex[3] ? parseInt(hex[3], 16) / 16 ** hex[3].length : 0);
    const n = mant * 2 ** Number(hex[4]);
    return hex[1] === "-" ? -n : n;
  }
  return undefined;
}

/** A value as Go's cast.ToString gives it ("" when it cannot). */
export function goString(v: unknown): string {
  if (typeof v === "string") return v;
  if (typeof v === "number") return Number.isFinite(v) ? formatNumber(v) : Number.isNaN(v) ? "NaN" : v > 0 ? "+Inf" : "-Inf";
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "boolean") return v ? "true" : "false";
  return "";
}

/**
 * The submitted value of a multi-value field as a list of distinct non-empty strings:
 * a JSON array text is decoded, another string is one value, an array's items are
 * converted to text.
 */
export function toUniqueStrings(value: unknown): string[] {
  let list: string[] = [];
  if (typeof value === "string") {
    if (value === "") list = [];
    else if (value.includes("[")) {
      try {
        const parsed: unknown = JSON.parse(value);
        if (Array.isArray(parsed) && parsed.every((x) => typeof x === "string" || x === null)) list = parsed.map((x) => (x === null ? "" : (x as string)));
        else list = [value];
      } catch {
        list = [value];
      }
    } else list = [value];
  } else if (Array.isArray(value)) {
    list = value.map(goString);
  }
  return [...new Set(list.filter((s) => s !== ""))];
}
