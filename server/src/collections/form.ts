import { JsonObject, LoadError, parseFirstJsonValue, type JsonValue } from "../tools/goJson.js";
import { badRequest } from "../tools/errors.js";
import { mediaType, multipartFields } from "../tools/requestBody.js";
import { fieldDef, isFieldType, type SchemaField } from "../fields/index.js";
import { fieldFor, isObject, toPlain } from "../fields/decode.js";
import { DecodeError } from "../fields/errors.js";
import { RULE_KEYS, type CollectionModel } from "../models/collection.js";
import { randomString } from "../tools/random.js";

/**
 * The collection upsert form: what a create/update request may set, decoded from JSON with
 * the reference's strictness (keys match case-insensitively, a wrong JSON type fails the
 * whole body, null clears lists, pointers and maps but leaves plain values unchanged).
 */
export interface CollectionForm {
  id: string;
  type: string;
  name: string;
  system: boolean;
  schema: SchemaField<object>[];
  /** Set when the schema list held a null entry (the reference fails such a request). */
  schemaHasNull: boolean;
  indexes: string[] | null;
  listRule: string | null;
  viewRule: string | null;
  createRule: string | null;
  updateRule: string | null;
  deleteRule: string | null;
  options: Record<string, unknown> | null;
}

export const GENERIC_MESSAGE = "Something went wrong while processing your request.";
export const LOAD_MESSAGE = "Failed to load the submitted data due to invalid formatting.";

const FIELD_ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
export const newFieldId = () => randomString(8, FIELD_ID_ALPHABET);

/** The form loaded with a collection's current state (or the defaults of a new one). */
export function formFrom(c: CollectionModel | null): CollectionForm {
  if (!c) {
    return {
      id: "", type: "base", name: "", system: false, schema: [], schemaHasNull: false, indexes: null,
      listRule: null, viewRule: null, createRule: null, updateRule: null, deleteRule: null, options: null,
    };
  }
  const copy = structuredClone(c);
  // A view's schema is generated from its query, never submitted: the form starts without one.
  return {
    id: copy.id, type: copy.type, name: copy.name, system: copy.system, schema: copy.type === "view" ? [] : copy.schema, schemaHasNull: false, indexes: copy.indexes,
    listRule: copy.listRule, viewRule: copy.viewRule, createRule: copy.createRule, updateRule: copy.updateRule, deleteRule: copy.deleteRule,
    options: copy.options,
  };
}

const FORM_KEYS = ["id", "type", "name", "system", "schema", "indexes", ...RULE_KEYS, "options"] as const;

/** Applies a JSON body onto the form (mutated). Throws DecodeError when it cannot be read. */
export function decodeForm(form: CollectionForm, body: JsonValue): void {
  if (body === null) return;
  if (!(body instanceof JsonObject)) throw new DecodeError("expected an object");
  for (const [key, v] of body.entries) {
    const field = fieldFor(FORM_KEYS, key) as (typeof FORM_KEYS)[number] | undefined;
    if (field === undefined) continue;
    switch (field) {
      case "id":
      case "type":
      case "name":
        if (v === null) break;
        if (typeof v !== "string") throw new DecodeError(`${field} must be a string`);
        form[field] = v;
        break;
      case "system":
        if (v === null) break;
        if (typeof v !== "boolean") throw new DecodeError("system must be a boolean");
        form.system = v;
        break;
      case "schema": {
        const decoded = decodeSchema(v);
        form.schema = decoded.fields;
        form.schemaHasNull = decoded.hasNull;
        break;
      }
      case "indexes":
        form.indexes = decodeStringList(v);
        break;
      case "options": {
        if (v === null) {
          form.options = null;
          break;
        }
        if (!(v instanceof JsonObject)) throw new DecodeError("options must be an object");
        // A JSON object decoded into an existing map adds to it.
        form.options = { ...(form.options ?? {}), ...(toPlain(v) as Record<string, unknown>) };
        break;
      }
      default:
        if (v !== null && typeof v !== "string") throw new DecodeError(`${field} must be a string`);
        form[field] = v;
    }
  }
}

export function decodeStringList(v: JsonValue): string[] | null {
  if (v === null) return null;
  if (!Array.isArray(v)) throw new DecodeError("expected a list");
  return v.map((s) => {
    if (s === null) return "";
    if (typeof s !== "string") throw new DecodeError("expected a string");
    return s;
  });
}

/**
 * A schema list: each field read on its own, options checked against the field type, fields
 * without an id given a new one, and a later field with an already seen id replacing it.
 */
export function decodeSchema(v: JsonValue): { fields: SchemaField<object>[]; hasNull: boolean } {
  if (v === null) return { fields: [], hasNull: false };
  if (!Array.isArray(v)) throw new DecodeError("schema must be a list");
  const fields: SchemaField<object>[] = [];
  let hasNull = false;
  for (const item of v) {
    if (item === null) {
      hasNull = true;
      continue;
    }
    const f = decodeField(item);
    if (f.id === "") f.id = newFieldId();
    const i = fields.findIndex((x) => x.id === f.id);
    if (i >= 0) fields[i] = f;
    else fields.push(f);
  }
  return { fields, hasNull };
}

const FIELD_KEYS = ["system", "id", "name", "type", "required", "presentable", "unique", "options"] as const;

export function decodeField(v: JsonValue): SchemaField<object> {
  if (!(v instanceof JsonObject)) throw new DecodeError("a schema field must be an object");
  const f = { system: false, id: "", name: "", type: "", required: false, presentable: false, unique: false };
  let rawOptions: unknown = null;
  for (const [key, val] of v.entries) {
    const k = fieldFor(FIELD_KEYS, key) as (typeof FIELD_KEYS)[number] | undefined;
    if (k === undefined) continue;
    if (k === "options") {
      rawOptions = toPlain(val);
      continue;
    }
    if (val === null) continue;
    if (k === "id" || k === "name" || k === "type") {
      if (typeof val !== "string") throw new DecodeError(`field ${k} must be a string`);
      f[k] = val;
    } else {
      if (typeof val !== "boolean") throw new DecodeError(`field ${k} must be a boolean`);
      f[k] = val;
    }
  }
  if (!isFieldType(f.type)) throw new DecodeError("missing or unknown field type");
  if (rawOptions !== null && !isObject(rawOptions)) throw new DecodeError("field options must be an object");
  return { ...f, type: f.type, options: fieldDef(f.type).decode(rawOptions) };
}

/**
 * Reads a raw request body as the reference binds it: JSON (only its first value), or the
 * plain text fields of a urlencoded or multipart form; an empty body changes nothing and any
 * other content type is the reference's load error.
 */
export function readRequestBody(contentType: string | undefined, raw: string | undefined): JsonValue {
  if (raw === undefined || raw === "") return null;
  const type = mediaType(contentType);
  try {
    if (type === "application/json" || type.endsWith("+json")) return raw.trim() === "" ? null : parseFirstJsonValue(raw);
    if (type === "application/x-www-form-urlencoded") return formObject([...new URLSearchParams(raw)]);
    if (type === "multipart/form-data") return formObject(multipartFields(contentType ?? "", raw));
  } catch (err) {
    if (err instanceof LoadError) throw badRequest(LOAD_MESSAGE);
    throw err;
  }
  throw badRequest(LOAD_MESSAGE);
}

const FORM_BOOLS: Record<string, boolean> = {
  "": false, "1": true, t: true, T: true, TRUE: true, true: true, True: true, "0": false, f: false, F: false, FALSE: false, false: false, False: false,
};

/** Form fields as a JSON object: text values, `system`/`deleteMissing` read as booleans. */
function formObject(pairs: [string, string][]): JsonValue {
  const entries: [string, JsonValue][] = [];
  for (const [k, v] of pairs) {
    const key = k.toLowerCase();
    if (key === "system" || key === "deletemissing") {
      if (!Object.hasOwn(FORM_BOOLS, v)) throw new LoadError("expected a boolean");
      entries.push([k, FORM_BOOLS[v]]);
    } else if (["schema", "indexes", "options", "collections"].includes(key)) {
      throw new LoadError("a structured value cannot come from a form field");
    } else {
      entries.push([k, v]);
    }
  }
  return new JsonObject(entries);
}
