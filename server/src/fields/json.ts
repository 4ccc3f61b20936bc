import { decodeStruct } from "./decode.js";
import { goJsonStringify, V, verr, type VError, type VErrors } from "./errors.js";
import { COLUMN, type FieldDef } from "./types.js";

export interface JsonOptions {
  maxSize: number;
}

export const json: FieldDef<JsonOptions> = {
  type: "json",
  defaults: () => ({ maxSize: 0 }),
  decode: (raw) => decodeStruct({ maxSize: "int" }, json.defaults(), raw),
  validate(o): VErrors | null {
    if (o.maxSize === 0) return { maxSize: V.required() };
    if (o.maxSize < 1) return { maxSize: V.min(1) };
    return null;
  },
  toJSON: (o) => ({ maxSize: o.maxSize }),
  isMultiple: () => false,
  columnType: () => COLUMN.json,
  zeroValue: () => null,
};

// ---------------------------------------------------------------- record values

/**
 * A submitted value as the JSON value to store: JSON values as sent, except that a text
 * holding valid JSON is read as that JSON (multipart bodies carry JSON as text).
 */
export function castJson(v: unknown): unknown {
  if (v === undefined) return null;
  if (typeof v === "string") {
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }
  return v;
}

/** The stored JSON text (null stays SQL NULL), encoded like the reference's encoder. */
export function jsonText(v: unknown): string | null {
  return v === null || v === undefined ? null : goJsonStringify(v);
}

/** Checks the encoded size of a JSON value against maxSize. */
export function validateJsonValue(o: JsonOptions, value: unknown): VError | null {
  const text = jsonText(value) ?? "null";
  if (o.maxSize > 0 && Buffer.byteLength(text) > o.maxSize) return verr("validation_json_size_limit", `The maximum allowed JSON size is ${o.maxSize} bytes`);
  return null;
}
