/**
 * Decoding a JSON request body into a typed structure with the strictness of the
 * reference's decoder: only the first JSON value of the body is read (trailing text is
 * ignored); keys match declared fields exactly or else case-insensitively; undeclared
 * keys are ignored; a value of the wrong JSON type fails the whole body; integers must be
 * written as integer literals (5.0 and 1e3 are not integers); null leaves a scalar or
 * object unchanged but clears a list or nullable boolean; nested objects merge into the
 * current value.
 */

/** A number kept as written, so integer fields can refuse 5.0 or 1e3. */
export class JsonNumber {
  constructor(readonly lexeme: string) {}
}

/** An object kept as its ordered entries, duplicates included (each is applied in turn). */
export class JsonObject {
  constructor(readonly entries: [string, JsonValue][]) {}
}

export type JsonValue = null | boolean | string | JsonNumber | JsonObject | JsonValue[];

/** The body could not be read into the target structure (syntax or type mismatch). */
export class LoadError extends Error {}

const MAX_DEPTH = 1000;
const NUMBER_RE = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** Parses the first JSON value of `text`; throws LoadError on malformed input (including blank text). */
export function parseFirstJsonValue(text: string): JsonValue {
  let i = 0;
  const fail = (): never => {
    throw new LoadError("invalid JSON");
  };
  const ws = () => {
    while (i < text.length && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")) i++;
  };
  const value = (depth: number): JsonValue => {
    if (depth > MAX_DEPTH) fail();
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      const entries: [string, JsonValue][] = [];
      ws();
      if (text[i] === "}") {
        i++;
        return new JsonObject(entries);
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        const key = string();
        ws();
        if (text[i] !== ":") fail();
        i++;
        entries.push([key, value(depth + 1)]);
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "}") {
          i++;
          return new JsonObject(entries);
        }
        fail();
      }
    }
    if (c === "[") {
      i++;
      const items: JsonValue[] = [];
      ws();
      if (text[i] === "]") {
        i++;
        return items;
      }
      for (;;) {
        items.push(value(depth + 1));
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "]") {
          i++;
          return items;
        }
        fail();
      }
    }
    if (c === '"') return string();
    if (text.startsWith("true", i)) return (i += 4), true;
    if (text.startsWith("false", i)) return (i += 5), false;
    if (text.startsWith("null", i)) return (i += 4), null;
    NUMBER_RE.lastIndex = i;
    const m = NUMBER_RE.exec(text);
    if (!m) return fail();
    i += m[0].length;
    return new JsonNumber(m[0]);
  };
  const string = (): string => {
    i++; // opening quote
    let out = "";
    for (;;) {
      const start = i;
      while (i < text.length && text[i] !== '"' && text[i] !== "\\" && text.charCodeAt(i) >= 0x20) i++;
      out += text.slice(start, i);
      if (i >= text.length || text.charCodeAt(i) < 0x20) fail();
      if (text[i] === '"') {
        i++;
        return out;
      }
      i++; // backslash
      const e = text[i++];
      const simple: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
      if (e !== undefined && e in simple) out += simple[e];
      else if (e === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(i, i + 4))) {
        out += String.fromCharCode(parseInt(text.slice(i, i + 4), 16));
        i += 4;
      } else fail();
    }
  };
  try {
    return value(0);
  } catch (err) {
    if (err instanceof RangeError) throw new LoadError("too deeply nested");
    throw err;
  }
}

// ---------------------------------------------------------------- typed decoding

/**
 * `freeObject`: any JSON object, kept as plain values (e.g. the free-form `createData` of an OAuth2 sign-in);
 * `objectList`: a list of JSON objects taken as plain values (their fields are checked by validation).
 */
export type FieldKind = "string" | "int" | "bool" | "stringList" | "nullableBool" | "freeObject" | "objectList" | Shape;
export interface Shape {
  readonly [field: string]: FieldKind;
}

type Obj = Record<string, unknown>;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Finds the declared field a JSON key names: exact match first, then case-insensitive. */
function fieldFor(shape: Shape, key: string): string | undefined {
  if (Object.hasOwn(shape, key)) return key;
  const lower = key.toLowerCase();
  return Object.keys(shape).find((f) => f.toLowerCase() === lower);
}

/** Applies a decoded JSON value onto `target` (mutated) following `shape`; throws LoadError on a type mismatch. */
export function decodeInto(shape: Shape, target: Obj, value: JsonValue): void {
  if (value === null) return;
  if (!(value instanceof JsonObject)) throw new LoadError("expected an object");
  for (const [key, v] of value.entries) {
    const field = fieldFor(shape, key);
    if (field === undefined) continue;
    target[field] = decodeField(shape[field], target[field], v);
  }
}

function decodeField(kind: FieldKind, current: unknown, v: JsonValue): unknown {
  if (typeof kind === "object") {
    if (v === null) return current;
    const next: Obj = current && typeof current === "object" ? { ...(current as Obj) } : {};
    decodeInto(kind, next, v);
    return next;
  }
  switch (kind) {
    case "string":
      if (v === null) return current;
      if (typeof v !== "string") throw new LoadError("expected a string");
      return v;
    case "bool":
      if (v === null) return current;
      if (typeof v !== "boolean") throw new LoadError("expected a boolean");
      return v;
    case "int": {
      if (v === null) return current;
      if (!(v instanceof JsonNumber) || !/^-?\d+$/.test(v.lexeme)) throw new LoadError("expected an integer");
      const n = BigInt(v.lexeme);
      if (n < INT64_MIN || n > INT64_MAX) throw new LoadError("integer out of range");
      return Number(n);
    }
    case "nullableBool":
      if (v === null) return null;
      if (typeof v !== "boolean") throw new LoadError("expected a boolean");
      return v;
    case "freeObject":
      if (v === null) return current;
      if (!(v instanceof JsonObject)) throw new LoadError("expected an object");
      return plainJson(v);
    case "stringList":
      if (v === null) return null;
      if (!Array.isArray(v)) throw new LoadError("expected a list");
      return v.map((item) => {
        if (item === null) return "";
        if (typeof item !== "string") throw new LoadError("expected a string");
        return item;
      });
    case "objectList":
      if (v === null) return [];
      if (!Array.isArray(v) || !v.every((item) => item instanceof JsonObject)) throw new LoadError("expected a list of objects");
      return v.map(plainJson);
  }
}

/** A decoded JSON value as plain JS (numbers as numbers, objects with the last duplicate winning). */
export function plainJson(v: JsonValue): unknown {
  if (v instanceof JsonNumber) return Number(v.lexeme);
  if (v instanceof JsonObject) return Object.fromEntries(v.entries.map(([k, x]) => [k, plainJson(x)]));
  if (Array.isArray(v)) return v.map(plainJson);
  return v;
}

// ---------------------------------------------------------------- lenient normalizing (stored data)

/**
 * Reads stored data against a shape without failing: declared fields of the right type are
 * taken, anything missing or mistyped keeps the default. Returns the typed value plus the
 * undeclared parts (`extras`) so they can be written back untouched.
 */
export function normalize(shape: Shape, defaults: Obj, raw: unknown): { value: Obj; extras: Obj } {
  const value: Obj = {};
  const extras: Obj = {};
  const src = isPlainObject(raw) ? raw : {};
  for (const [field, kind] of Object.entries(shape)) {
    const def = defaults[field];
    const v = src[field];
    if (typeof kind === "object") {
      const sub = normalize(kind, isPlainObject(def) ? def : {}, v);
      value[field] = sub.value;
      if (Object.keys(sub.extras).length) extras[field] = sub.extras;
      continue;
    }
    value[field] = fits(kind, v) ? (Array.isArray(v) ? structuredClone(v) : v) : def;
  }
  for (const [k, v] of Object.entries(src)) if (!Object.hasOwn(shape, k)) extras[k] = v;
  return { value, extras };
}

function fits(kind: Exclude<FieldKind, Shape>, v: unknown): boolean {
  switch (kind) {
    case "string":
      return typeof v === "string";
    case "bool":
      return typeof v === "boolean";
    case "int":
      return typeof v === "number" && Number.isInteger(v);
    case "nullableBool":
      return v === null || typeof v === "boolean";
    case "stringList":
      return v === null || (Array.isArray(v) && v.every((x) => typeof x === "string"));
    case "freeObject":
      return isPlainObject(v);
    case "objectList":
      return Array.isArray(v) && v.every(isPlainObject);
  }
}

/** The declared fields of `value`, in shape order (drops anything undeclared). */
export function project(shape: Shape, value: Obj): Obj {
  const out: Obj = {};
  for (const [field, kind] of Object.entries(shape)) {
    const v = value[field];
    out[field] = typeof kind === "object" ? project(kind, isPlainObject(v) ? v : {}) : Array.isArray(v) ? structuredClone(v) : v;
  }
  return out;
}

/** Overlays `value` onto `extras` (declared values win), for persisting with unknown keys kept. */
export function withExtras(value: Obj, extras: Obj): Obj {
  const out: Obj = { ...value };
  for (const [k, v] of Object.entries(extras)) {
    if (!Object.hasOwn(out, k)) out[k] = v;
    else if (isPlainObject(out[k]) && isPlainObject(v)) out[k] = withExtras(out[k] as Obj, v);
  }
  return out;
}

export function isPlainObject(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof JsonObject) && !(v instanceof JsonNumber);
}
