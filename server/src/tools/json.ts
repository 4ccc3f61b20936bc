/**
 * JSON helpers that hold up on deeply nested values.
 *
 * V8's JSON.parse is iterative, but JSON.stringify is recursive and throws a RangeError a few
 * thousand levels down — while the reference accepts and stores values nested up to its
 * decoder's limit. So: refuse bodies deeper than that limit before parsing, and serialize with
 * an explicit stack when JSON.stringify gives up.
 */
import { withRawJson } from "./rawJson.js";

/** The reference's JSON decoder refuses documents nested deeper than this (the body itself is level 1). */
export const MAX_JSON_DEPTH = 10_000;

/** Whether JSON text nests arrays/objects deeper than `max` (a linear scan, strings skipped). */
export function jsonDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  // Cheap exit: fewer brackets than the limit cannot nest past it.
  if (text.length <= max) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

/** Whether a number literal in the text may overflow a float64 (long exponent or mantissa). */
const MAYBE_HUGE = /[eE]\+?0*[1-9]\d{2}|\d{309}/;

/** Whether a parsed JSON value holds a number that overflowed to ±Infinity (e.g. `1e999`). */
export function hasNonFiniteNumber(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === "number") {
      if (!Number.isFinite(v)) return true;
    } else if (Array.isArray(v)) {
      for (const x of v) stack.push(x);
    } else if (v && typeof v === "object") {
      for (const x of Object.values(v)) stack.push(x);
    }
  }
  return false;
}

/**
 * Parses a JSON document the way the reference's decoder accepts it: at most MAX_JSON_DEPTH
 * levels and only numbers a float64 can hold. Throws SyntaxError otherwise.
 */
export function parseJsonStrict(text: string): unknown {
  if (jsonDeeperThan(text)) throw new SyntaxError(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  const value: unknown = JSON.parse(text);
  if (MAYBE_HUGE.test(text) && hasNonFiniteNumber(value)) throw new SyntaxError("JSON number out of range");
  return value;
}

/**
 * JSON.stringify, falling back to an iterative encoder for values too deep for the call stack;
 * RawJson values (json fields) are spliced in as their text.
 */
export function stringifyJson(value: unknown): string {
  return withRawJson(() => {
    try {
      return JSON.stringify(value);
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      return stringifyIterative(value);
    }
  });
}

type Frame = { kind: "array"; items: unknown[]; i: number } | { kind: "object"; entries: [string, unknown][]; i: number; wrote: boolean };

/** What JSON.stringify writes for one value, without recursion (no replacer, no indent). */
export function stringifyIterative(root: unknown): string {
  const out: string[] = [];
  const stack: Frame[] = [];
  /** Writes a scalar, or opens a container; returns false for values JSON.stringify omits. */
  const open = (input: unknown): boolean => {
    let v = input;
    if (v && typeof v === "object" && typeof (v as { toJSON?: unknown }).toJSON === "function") v = (v as { toJSON(): unknown }).toJSON();
    if (v === undefined || typeof v === "function" || typeof v === "symbol") return false;
    if (v === null) out.push("null");
    else if (typeof v === "number") out.push(Number.isFinite(v) ? String(v) : "null");
    else if (typeof v === "bigint") throw new TypeError("Do not know how to serialize a BigInt");
    else if (typeof v !== "object") out.push(JSON.stringify(v));
    else if (Array.isArray(v)) {
      out.push("[");
      stack.push({ kind: "array", items: v, i: 0 });
    } else {
      out.push("{");
      stack.push({ kind: "object", entries: Object.entries(v), i: 0, wrote: false });
    }
    return true;
  };
  if (!open(root)) return undefined as unknown as string;
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    if (top.kind === "array") {
      if (top.i >= top.items.length) {
        out.push("]");
        stack.pop();
        continue;
      }
      if (top.i > 0) out.push(",");
      if (!open(top.items[top.i++])) out.push("null");
    } else {
      if (top.i >= top.entries.length) {
        out.push("}");
        stack.pop();
        continue;
      }
      const [k, v] = top.entries[top.i++]!;
      const mark = out.length;
      out.push(top.wrote ? "," : "", JSON.stringify(k), ":");
      if (open(v)) top.wrote = true;
      else out.length = mark; // omitted member: undo its key
    }
  }
  return out.join("");
}
