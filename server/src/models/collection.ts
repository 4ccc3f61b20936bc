import { fieldDef, fieldJson, isFieldType, type SchemaField } from "../fields/index.js";
import { isObject } from "../fields/decode.js";
import { goJsonStringify } from "../fields/errors.js";

export const COLLECTION_TYPES = ["base", "auth", "view"] as const;
export type CollectionType = (typeof COLLECTION_TYPES)[number];

export const RULE_KEYS = ["listRule", "viewRule", "createRule", "updateRule", "deleteRule"] as const;
export type RuleKey = (typeof RULE_KEYS)[number];

/** A collection: the `_collections` row with its JSON columns decoded. */
export interface CollectionModel {
  id: string;
  created: string;
  updated: string;
  name: string;
  /** base, auth or view (any text while a submitted form is being validated). */
  type: string;
  system: boolean;
  schema: SchemaField<object>[];
  /** Index statements as saved (normalized, with the table name they were written with). */
  indexes: string[];
  listRule: string | null;
  viewRule: string | null;
  createRule: string | null;
  updateRule: string | null;
  deleteRule: string | null;
  /** The type's options as a JSON object (auth options, `{query}` for views, `{}` for base). */
  options: Record<string, unknown>;
}

export interface AuthOptions {
  allowEmailAuth: boolean;
  allowOAuth2Auth: boolean;
  allowUsernameAuth: boolean;
  exceptEmailDomains: string[] | null;
  manageRule: string | null;
  minPasswordLength: number;
  onlyEmailDomains: string[] | null;
  onlyVerified: boolean;
  requireEmail: boolean;
}

/** Email one-time codes (beyond v0.22, PocketBase v0.23's `otp` option): off unless stored. */
export interface OtpOptions {
  enabled: boolean;
  /** Seconds a code stays valid. */
  duration: number;
  /** Digits of a code. */
  length: number;
}

/** Multi-factor sign-in (beyond v0.22, PocketBase v0.23's `mfa` option). */
export interface MfaOptions {
  enabled: boolean;
  /** Seconds between the first and the second method. */
  duration: number;
  /** A filter on the record: who must pass a second factor ("" = everyone). */
  rule: string;
}

export const OTP_DEFAULTS: OtpOptions = Object.freeze({ enabled: false, duration: 180, length: 8 });
export const MFA_DEFAULTS: MfaOptions = Object.freeze({ enabled: false, duration: 1800, rule: "" });

/** The collection's `options.otp` with defaults for anything missing or mistyped (stored only once set). */
export function otpOptions(c: Pick<CollectionModel, "options">): OtpOptions {
  const o = (c.options.otp ?? {}) as Record<string, unknown>;
  const int = (v: unknown, d: number) => (typeof v === "number" && Number.isInteger(v) && v > 0 ? v : d);
  return { enabled: o.enabled === true, duration: int(o.duration, OTP_DEFAULTS.duration), length: int(o.length, OTP_DEFAULTS.length) };
}

/** The collection's `options.mfa` with defaults for anything missing or mistyped. */
export function mfaOptions(c: Pick<CollectionModel, "options">): MfaOptions {
  const o = (c.options.mfa ?? {}) as Record<string, unknown>;
  const d = o.duration;
  return {
    enabled: o.enabled === true,
    duration: typeof d === "number" && Number.isInteger(d) && d > 0 ? d : MFA_DEFAULTS.duration,
    rule: typeof o.rule === "string" ? o.rule : "",
  };
}

export interface ViewOptions {
  query: string;
}

/** Base model fields every record table has; not part of a schema. */
export const BASE_FIELD_NAMES = ["id", "created", "updated"];
/** Names the record API adds to every record. */
export const SYSTEM_FIELD_NAMES = ["collectionId", "collectionName", "expand"];
/** The columns an auth collection's table adds. */
export const AUTH_FIELD_NAMES = [
  "username", "email", "emailVisibility", "verified", "tokenKey", "passwordHash",
  "lastResetSentAt", "lastVerificationSentAt", "lastLoginAlertSentAt",
];
/** Field names an auth collection's schema cannot use (its columns plus the password inputs). */
export const AUTH_RESERVED_NAMES = [...AUTH_FIELD_NAMES, "password", "passwordConfirm", "oldPassword"];

export const isAuth = (c: Pick<CollectionModel, "type">) => c.type === "auth";
export const isView = (c: Pick<CollectionModel, "type">) => c.type === "view";

/** The auth options of a collection, with zero values for anything missing or mistyped. */
export function authOptions(c: Pick<CollectionModel, "options">): AuthOptions {
  const o = c.options;
  const bool = (k: string) => o[k] === true;
  const list = (k: string) => (Array.isArray(o[k]) && (o[k] as unknown[]).every((x) => typeof x === "string") ? [...(o[k] as string[])] : null);
  const n = o.minPasswordLength;
  return {
    allowEmailAuth: bool("allowEmailAuth"),
    allowOAuth2Auth: bool("allowOAuth2Auth"),
    allowUsernameAuth: bool("allowUsernameAuth"),
    exceptEmailDomains: list("exceptEmailDomains"),
    manageRule: typeof o.manageRule === "string" ? o.manageRule : null,
    minPasswordLength: typeof n === "number" && Number.isInteger(n) ? n : 0,
    onlyEmailDomains: list("onlyEmailDomains"),
    onlyVerified: bool("onlyVerified"),
    requireEmail: bool("requireEmail"),
  };
}

export function viewOptions(c: Pick<CollectionModel, "options">): ViewOptions {
  return { query: typeof c.options.query === "string" ? c.options.query : "" };
}

/** The API shape of a collection, keys in the reference's order. */
export function collectionJson(c: CollectionModel) {
  return {
    id: c.id,
    created: c.created,
    updated: c.updated,
    name: c.name,
    type: c.type,
    system: c.system,
    schema: c.schema.map(fieldJson),
    indexes: [...c.indexes],
    listRule: c.listRule,
    viewRule: c.viewRule,
    createRule: c.createRule,
    updateRule: c.updateRule,
    deleteRule: c.deleteRule,
    options: c.options,
  };
}

/** The `_collections` row as stored. */
export interface CollectionRow {
  id: string;
  system: number | bigint | boolean;
  type: string;
  name: string;
  schema: string;
  indexes: string;
  listRule: string | null;
  viewRule: string | null;
  createRule: string | null;
  updateRule: string | null;
  deleteRule: string | null;
  options: string;
  created: string;
  updated: string;
}

function parseJson(text: unknown, fallback: unknown): unknown {
  if (typeof text !== "string") return fallback;
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}

/**
 * Reads a stored schema leniently (data written by the reference or by hand): fields of an
 * unknown type are dropped, options that do not decode fall back to the type's defaults.
 */
export function readSchema(raw: unknown): SchemaField<object>[] {
  if (!Array.isArray(raw)) return [];
  const out: SchemaField<object>[] = [];
  for (const f of raw) {
    if (!isObject(f) || !isFieldType(f.type)) continue;
    const def = fieldDef(f.type);
    let options: object;
    try {
      options = def.decode(f.options ?? null);
    } catch {
      options = def.defaults();
    }
    out.push({
      system: f.system === true,
      id: typeof f.id === "string" ? f.id : "",
      name: typeof f.name === "string" ? f.name : "",
      type: f.type,
      required: f.required === true,
      presentable: f.presentable === true,
      unique: f.unique === true,
      options,
    });
  }
  return out;
}

export function collectionFromRow(row: CollectionRow): CollectionModel {
  const indexes = parseJson(row.indexes, []);
  const options = parseJson(row.options, {});
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    name: row.name,
    type: row.type,
    system: row.system === true || Number(row.system) !== 0,
    schema: readSchema(parseJson(row.schema, [])),
    indexes: Array.isArray(indexes) ? indexes.filter((i): i is string => typeof i === "string") : [],
    listRule: row.listRule,
    viewRule: row.viewRule,
    createRule: row.createRule,
    updateRule: row.updateRule,
    deleteRule: row.deleteRule,
    options: isObject(options) ? options : {},
  };
}

/** The row to store (JSON columns encoded as the reference encodes them). */
export function collectionToRow(c: CollectionModel): CollectionRow {
  return {
    id: c.id,
    system: c.system ? 1 : 0,
    type: c.type,
    name: c.name,
    schema: goJsonStringify(c.schema.map(fieldJson)),
    indexes: goJsonStringify(c.indexes),
    listRule: c.listRule,
    viewRule: c.viewRule,
    createRule: c.createRule,
    updateRule: c.updateRule,
    deleteRule: c.deleteRule,
    options: goJsonStringify(sortedKeys(c.options)),
    created: c.created,
    updated: c.updated,
  };
}

/** Maps serialize with sorted keys in the reference. */
export function sortedKeys(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]]));
}

/** The fields a collections list can filter and sort on (as the reference). */
export const COLLECTION_LIST_COLUMNS = ["id", "created", "updated", "name", "system", "type"];
