import { decodeStruct } from "./decode.js";
import { compactJson } from "../tools/jsonCompact.js";
import { goMarshal } from "../tools/goMarshal.js";
import { goFormatG, goQuote, wellFormed } from "../tools/goStrconv.js";
import { RawJson } from "../tools/rawJson.js";
import { V, verr, type VError, type VErrors } from "./errors.js";
import type { FieldDef } from "./types.js";

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
  columnKind: () => "json",
  zeroValue: () => null,
};

// ---------------------------------------------------------------- record values
//
// A json field's value is a RawJson: the text stored in its column, which is also what answers
// show (compacted). The reference stores a value sent as text (multipart forms, JSON strings)
// as written when it reads as JSON, and any other value as Go's encoder writes it.

/** What the reference takes as JSON in a text: exact literals, or valid JSON opening with a digit, `-`, `"`, `[` or `{`. */
function jsonOfText(text: string): RawJson {
  if (text === "null" || text === "true" || text === "false") return new RawJson(text, text);
  if (/^[-0-9"[{]/.test(text)) {
    const json = compactJson(text);
    if (json !== null) return new RawJson(text, json);
  }
  // Any other text is stored as a quoted Go string literal, which may not be valid JSON.
  const quoted = goQuote(text);
  return new RawJson(quoted, compactJson(quoted));
}

/** A submitted value as the json field's value (null: none, stored as NULL). */
export function castJson(v: unknown): RawJson | null {
  if (v === undefined || v === null) return null;
  if (v instanceof RawJson) return v;
  // Go decoded the body: a lone surrogate escape in it came through as U+FFFD.
  if (typeof v === "string") return jsonOfText(wellFormed(v));
  try {
    const text = goMarshal(v);
    return new RawJson(text, text);
  } catch {
    // A value Go cannot encode (a non-finite number): refused as invalid JSON.
    return new RawJson(String(v), null);
  }
}

/** Texts read before, with their values: records are read far more often than written, and reads need no parse then. */
const readBefore = new Map<string, RawJson>();
let readBeforeChars = 0;
/** Bounds the memory of readBefore (UTF-16 units); short texts are cheap to check again. */
const READ_BEFORE_MAX = 4 << 20;
const READ_BEFORE_MIN = 64;

function jsonOfStoredText(text: string): RawJson {
  if (text.length < READ_BEFORE_MIN || text.length > READ_BEFORE_MAX / 16) return jsonOfText(text);
  let raw = readBefore.get(text);
  if (raw) return raw;
  raw = jsonOfText(text);
  if (readBeforeChars + text.length > READ_BEFORE_MAX) {
    readBefore.clear();
    readBeforeChars = 0;
  }
  readBefore.set(text, raw);
  readBeforeChars += text.length;
  return raw;
}

/**
 * A json column's value as the field's value. SQLite keeps number-like text as a number (the
 * column has numeric affinity); the reference reads such a number back as Go formats it.
 */
export function jsonFromColumn(v: unknown): RawJson | null {
  if (v === null || v === undefined) return null;
  if (typeof v === "string") return jsonOfStoredText(v);
  if (typeof v === "bigint") return jsonOfText(v.toString());
  if (typeof v === "number") return jsonOfText(Number.isInteger(v) && Math.abs(v) < 2 ** 63 ? BigInt(v).toString() : goFormatG(v));
  if (Buffer.isBuffer(v)) return jsonOfText(v.toString("utf8"));
  return castJson(v);
}

/** The stored JSON text (null stays SQL NULL). */
export function jsonText(v: unknown): string | null {
  return castJson(v)?.text ?? null;
}

/** The texts the reference counts as no value for `required`. */
const BLANK = new Set(["", '""', "null", "{}", "[]"]);

/** Whether a json value is blank for the `required` check. */
export const isBlankJson = (v: unknown): boolean => {
  const raw = castJson(v);
  return raw === null || BLANK.has(raw.text);
};

/** Checks a json value: valid JSON, then its stored size against maxSize. */
export function validateJsonValue(o: JsonOptions, value: unknown): VError | null {
  const raw = castJson(value);
  if (raw === null) return null;
  if (raw.json === null) return verr("validation_invalid_json", "Must be a valid json value");
  if (o.maxSize > 0 && Buffer.byteLength(raw.text) > o.maxSize) return verr("validation_json_size_limit", `The maximum allowed JSON size is ${o.maxSize} bytes`);
  return null;
}
