import { wellFormed } from "./goStrconv.js";

/**
 * JSON as Go's json.Marshal writes a value decoded from JSON into `any` (what the reference
 * stores for a json field sent in a JSON body): object keys sorted by their UTF-8 bytes, -0
 * kept, lone surrogates as U+FFFD (Go decoded them so), `<`, `>`, `&`, U+2028 and U+2029
 * escaped. No recursion (values may nest 10 000 levels). Throws a RangeError on a non-finite
 * number, which Go cannot encode.
 */
export function goMarshal(root: unknown): string {
  const out: string[] = [];
  /** Pending work: values to write, or literal text (separators, closing brackets). */
  const todo: ({ v: unknown } | string)[] = [{ v: root }];
  while (todo.length) {
    const item = todo.pop()!;
    if (typeof item === "string") {
      out.push(item);
      continue;
    }
    const v = item.v;
    if (v === null || v === undefined) out.push("null");
    else if (typeof v === "boolean") out.push(v ? "true" : "false");
    else if (typeof v === "number") out.push(goNumber(v));
    else if (typeof v === "string") out.push(goString(v));
    else if (Array.isArray(v)) {
      out.push("[");
      todo.push("]");
      for (let i = v.length - 1; i >= 0; i--) todo.push({ v: v[i] }, ...(i > 0 ? [","] : []));
    } else if (typeof v === "object") {
      // Go decodes keys before they meet: keys equal once well-formed keep the last value.
      const byKey = new Map<string, unknown>();
      for (const [k, x] of Object.entries(v)) byKey.set(wellFormed(k), x);
      const keys = [...byKey.keys()].sort(byUtf8);
      out.push("{");
      todo.push("}");
      for (let i = keys.length - 1; i >= 0; i--) todo.push({ v: byKey.get(keys[i]) }, goString(keys[i]) + ":", ...(i > 0 ? [","] : []));
    } else throw new TypeError(`cannot encode a ${typeof v} as JSON`);
  }
  return out.join("");
}

function goNumber(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`json: unsupported value: ${n}`);
  // JS and Go agree on the digits and on when to use an exponent (below 1e-6, from 1e21 on).
  return Object.is(n, -0) ? "-0" : String(n);
}

/** A JSON string with Go's escaping. */
export function goString(s: string): string {
  return JSON.stringify(wellFormed(s)).replace(HTML, (c) => ESCAPED[c]!);
}

const HTML = /[<>&\u2028\u2029]/g;
const ESCAPED: Record<string, string> = { "<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029" };

/** Orders strings by code point, which is the order of their UTF-8 bytes (UTF-16 units differ from U+E000 on). */
function byUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return rank(x) - rank(y);
  }
  return a.length - b.length;
}

/** Surrogates (astral characters) after the rest of the BMP. */
const rank = (unit: number) => (unit < 0xd800 ? unit : unit < 0xe000 ? unit + 0x2000 : unit - 0x800);
