import { isMultipleField, type SchemaField } from "../fields/index.js";
import { castBool } from "../fields/bool.js";
import { castDate } from "../fields/date.js";
import { castFileNames } from "../fields/file.js";
import { castJson } from "../fields/json.js";
import { castNumber } from "../fields/number.js";
import { castRelation } from "../fields/relation.js";
import { castSelect, castUniqueStrings } from "../fields/select.js";
import { castText } from "../fields/text.js";
import type { FileOptions, RelationOptions, SelectOptions } from "../fields/index.js";
import { isAuth, type CollectionModel } from "../models/collection.js";
import type { RecordData } from "../models/record.js";
import { detectMime, SNIFF_LIMIT } from "../files/mime.js";
import type { StreamedObject, TempFile } from "../files/spool.js";
import { storedFileName } from "../files/names.js";

/** A field's value from a submitted value, cast the way the reference casts it. */
export function castValue(f: SchemaField<object>, v: unknown): unknown {
  switch (f.type) {
    case "number":
      return castNumber(v);
    case "bool":
      return castBool(v);
    case "date":
      return castDate(v);
    case "json":
      return castJson(v);
    case "select":
      return castSelect(f.options as SelectOptions, v);
    case "relation":
      return castRelation(f.options as RelationOptions, v);
    case "file":
      return castFileNames(f.options as FileOptions, v);
    default:
      return castText(v);
  }
}

function defaultPrepare(field: string, u: Upload): PreparedUpload {
  const detected = detectMime(uploadHead(u), uploadSize(u));
  // An upload streamed to S3 was named when it left (files/s3Spool.ts, the same way).
  const name = u.data && "moveTo" in u.data ? u.data.name : storedFileName(u.originalName, { detectedExt: detected.ext });
  return { ...u, field, name, mime: detected.mime };
}

/** An upload's size in bytes (all that arrived, also when its content was dropped). */
export const uploadSize = (u: Upload): number => u.size ?? (Buffer.isBuffer(u.data) ? u.data.length : (u.data?.size ?? 0));

/** An upload's first bytes, enough to sniff its type. */
export const uploadHead = (u: Upload): Buffer => u.head ?? (Buffer.isBuffer(u.data) ? u.data.subarray(0, SNIFF_LIMIT) : Buffer.alloc(0));

const LIST_TYPES = new Set(["select", "relation", "file"]);

const asList = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : castUniqueStrings(v));

/**
 * The values a record form reads from a multipart body: a key sent more than once keeps
 * its first value, unless it names a select, relation or file field (which take the list).
 * Modifier keys (`tags+`) name no field, so they keep their first value too.
 */
export function formValues(c: CollectionModel, data: Record<string, unknown>, texts: ReadonlyMap<string, readonly string[]> | undefined): Record<string, unknown> {
  if (!texts) return data;
  const out = { ...data };
  for (const [key, values] of texts) {
    const f = c.schema.find((x) => x.name === key);
    if (values.length > 1 && !(f && LIST_TYPES.has(f.type))) out[key] = values[0];
  }
  return out;
}

/** The auth inputs of a submitted body (undefined when absent). */
export interface AuthInput {
  username?: string;
  email?: string;
  emailVisibility?: boolean;
  verified?: boolean;
  password?: string;
  passwordConfirm?: string;
  oldPassword?: string;
}

/** An uploaded file of a multipart body. */
export interface Upload {
  /** The client's file name (base name only). */
  originalName: string;
  /**
   * The content: bytes in memory, a spooled temp file or an object streamed to S3; null
   * when it was dropped while arriving because it crossed the field's size or type limit
   * (validation refuses it).
   */
  data: Buffer | TempFile | StreamedObject | null;
  /** The size when `data` does not tell it (a dropped upload). */
  size?: number;
  /** The first bytes (SNIFF_LIMIT) when `data` is not in memory. */
  head?: Buffer;
}

/** An upload accepted into a file field, with its stored name and sniffed type. */
export interface PreparedUpload extends Upload {
  field: string;
  name: string;
  mime: string;
}

/** Thrown when a body names files a record does not have (the reference's load error). */
export class UnknownFilenamesError extends Error {
  constructor(readonly field: string) {
    super("unknown filenames");
  }
}

export interface LoadedForm {
  data: RecordData;
  auth: AuthInput;
  /** The submitted id (create) or undefined. */
  id?: unknown;
  /** Which keys of the body were present (for `@request.data` and auth checks). */
  submitted: Set<string>;
  /** New files by field, in the order they are added. */
  uploads: PreparedUpload[];
  /** Names of files the record no longer holds (to delete from storage after the save). */
  removedFiles: string[];
}

/**
 * Applies a submitted body to a record's current values: plain keys set a field,
 * `field+` appends to select and relation fields (adds for numbers), `field-` removes
 * values (subtracts for numbers; drops file names). Other keys are ignored, `+field`
 * included (a v0.23 form). File fields only keep or drop names they already hold; uploads
 * are added by the caller.
 */
export function loadBody(
  c: CollectionModel,
  current: RecordData,
  body: Record<string, unknown>,
  files: Map<string, Upload[]> = new Map(),
  prepare: (field: string, u: Upload) => PreparedUpload = defaultPrepare,
): LoadedForm {
  const data: RecordData = { ...current };
  const uploads: PreparedUpload[] = [];
  const removedFiles: string[] = [];
  const has = (k: string) => Object.prototype.hasOwnProperty.call(body, k);
  for (const f of c.schema) {
    const n = f.name;
    if (f.type === "number") {
      let v = castNumber(data[n]);
      if (has(n)) v = castNumber(body[n]);
      if (has(n + "+")) v += castNumber(body[n + "+"]);
      if (has(n + "-")) v -= castNumber(body[n + "-"]);
      data[n] = v;
      continue;
    }
    if (LIST_TYPES.has(f.type)) {
      const old = asList(current[n]);
      let list = old;
      if (has(n)) list = asList(castValue({ ...f, options: { ...f.options, maxSelect: 2 } } as SchemaField<object>, body[n]));
      if (has(n + "+") && f.type !== "file") {
        const cur = list;
        list = [...cur, ...asList(body[n + "+"]).filter((x) => !cur.includes(x))];
      }
      if (has(n + "-")) {
        const drop = new Set(asList(body[n + "-"]));
        list = list.filter((x) => !drop.has(x));
      }
      if (f.type === "file") {
        if (has(n) && list.some((name) => !old.includes(name))) throw new UnknownFilenamesError(n);
        list = list.filter((name) => old.includes(name));
        const added = (files.get(n) ?? []).map((u) => prepare(n, u));
        if (added.length > 0) {
          if (isMultipleField(f)) list = [...list, ...added.map((u) => u.name)];
          else list = [added[added.length - 1].name];
          uploads.push(...(isMultipleField(f) ? added : [added[added.length - 1]]));
        }
        for (const name of old) if (!list.includes(name)) removedFiles.push(name);
      }
      const unique = [...new Set(list)];
      data[n] = isMultipleField(f) ? unique : unique.length ? unique[unique.length - 1] : "";
      continue;
    }
    if (has(n)) data[n] = castValue(f, body[n]);
  }
  const auth: AuthInput = {};
  if (isAuth(c)) {
    if (has("username")) auth.username = castText(body.username);
    if (has("email")) auth.email = castText(body.email);
    if (has("emailVisibility")) auth.emailVisibility = castBool(body.emailVisibility);
    if (has("verified")) auth.verified = castBool(body.verified);
    if (has("password")) auth.password = castText(body.password);
    if (has("passwordConfirm")) auth.passwordConfirm = castText(body.passwordConfirm);
    if (has("oldPassword")) auth.oldPassword = castText(body.oldPassword);
  }
  return { data, auth, id: has("id") ? body.id : undefined, submitted: new Set(Object.keys(body)), uploads, removedFiles };
}
