import { JsonNumber, JsonObject, type JsonValue } from "../tools/goJson.js";
import { DecodeError } from "./errors.js";

/**
 * Go-like decoding of plain JSON values (already parsed) into typed option structs:
 * keys match declared fields exactly or else case-insensitively, undeclared keys are
 * ignored, a value of the wrong JSON type fails the whole decode, null keeps a scalar
 * unchanged but clears a pointer or a list.
 */
export type Kind = "string" | "bool" | "int" | "nullableInt" | "nullableNumber" | "stringList";
export type Shape = Readonly<Record<string, Kind>>;

type Obj = Record<string, unknown>;

const INT_LIMIT = 2 ** 63;

export const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Finds the declared field a key names: exact match first, then case-insensitive. */
export function fieldFor(fields: readonly string[], key: string): string | undefined {
  if (fields.includes(key)) return key;
  const lower = key.toLowerCase();
  return fields.find((f) => f.toLowerCase() === lower);
}

/** Decodes `raw` (an object or null) over `target`; throws DecodeError on a type mismatch. */
export function decodeStruct<T extends object>(shape: Shape, target: T, raw: unknown): T {
  if (raw === null || raw === undefined) return target;
  if (!isObject(raw)) throw new DecodeError("expected an object");
  const fields = Object.keys(shape);
  const out: Obj = { ...(target as Obj) };
  for (const [key, v] of Object.entries(raw)) {
    const field = fieldFor(fields, key);
    if (field === undefined) continue;
    out[field] = decodeValue(shape[field], out[field], v);
  }
  return out as T;
}

export function decodeValue(kind: Kind, current: unknown, v: unknown): unknown {
  switch (kind) {
    case "string":
      if (v === null) return current;
      if (typeof v !== "string") throw new DecodeError("expected a string");
      return v;
    case "bool":
      if (v === null) return current;
      if (typeof v !== "boolean") throw new DecodeError("expected a boolean");
      return v;
    case "int":
      if (v === null) return current;
      return toInt(v);
    case "nullableInt":
      return v === null ? null : toInt(v);
    case "nullableNumber":
      if (v === null) return null;
      if (typeof v !== "number" || !Number.isFinite(v)) throw new DecodeError("expected a number");
      return v;
    case "stringList":
      if (v === null) return null;
      if (!Array.isArray(v)) throw new DecodeError("expected a list");
      return v.map((item) => {
        if (item === null) return "";
        if (typeof item !== "string") throw new DecodeError("expected a string");
        return item;
      });
  }
}

/** Numbers reach the options as float64 in the reference, so 1.0 and 1e3 are integers but 1e21 is not. */
function toInt(v: unknown): number {
  if (typeof v !== "number" || !Number.isInteger(v) || Math.abs(v) >= 1e21 || Math.abs(v) >= INT_LIMIT) {
    throw new DecodeError("expected an integer");
  }
  return v === 0 ? 0 : v; // no -0
}

/**
 * Converts a parsed JSON value (goJson) to plain JS values. Numbers become JS numbers (the
 * reference reads untyped values as float64); for duplicate keys the last one wins.
 */
export function toPlain(v: JsonValue): unknown {
  if (v instanceof JsonNumber) {
    const n = Number(v.lexeme);
    if (!Number.isFinite(n)) throw new DecodeError("number out of range");
    return n;
  }
  if (v instanceof JsonObject) {
    const out: Obj = {};
    for (const [k, val] of v.entries) {
      if (k === "__proto__") continue;
      out[k] = toPlain(val);
    }
    return out;
  }
  if (Array.isArray(v)) return v.map(toPlain);
  return v;
}
