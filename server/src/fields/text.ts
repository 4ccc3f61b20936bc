import { decodeStruct } from "./decode.js";
import { compact, V, verr, type VError, type VErrors } from "./errors.js";
import { goRegexpError } from "./goRegexp.js";
import type { FieldDef } from "./types.js";

export interface TextOptions {
  min: number | null;
  max: number | null;
  pattern: string;
}

const SHAPE = { min: "nullableInt", max: "nullableInt", pattern: "string" } as const;

/** Minimum with the reference's rule semantics: a zero (empty) value is not checked. */
export function minCheck(value: number | null, min: number) {
  return value !== null && value !== 0 && value < min ? V.min(min) : null;
}

export const text: FieldDef<TextOptions> = {
  type: "text",
  defaults: () => ({ min: null, max: null, pattern: "" }),
  decode: (raw) => decodeStruct(SHAPE, text.defaults(), raw),
  validate(o) {
    const errs: VErrors = {};
    const min = minCheck(o.min, 0);
    if (min) errs.min = min;
    const max = minCheck(o.max, o.min ?? 0);
    if (max) errs.max = max;
    if (o.pattern !== "") {
      const err = goRegexpError(o.pattern);
      if (err) errs.pattern = verr("validation_invalid_regex", err);
    }
    return compact(errs);
  },
  toJSON: (o) => ({ min: o.min, max: o.max, pattern: o.pattern }),
  isMultiple: () => false,
  columnKind: () => "text",
  zeroValue: () => "",
};

// ---------------------------------------------------------------- record values

/** Go's strconv.FormatFloat(f, 'f', -1, 64): the shortest digits, never an exponent. */
export function goFormatFloat(n: number): string {
  if (!Number.isFinite(n)) return n > 0 ? "+Inf" : n < 0 ? "-Inf" : "NaN";
  const s = String(n);
  if (!s.includes("e")) return s;
  const neg = n < 0;
  const [mant, expText] = Math.abs(n).toExponential().split("e");
  const exp = Number(expText);
  const digits = mant.replace(".", "");
  let out: string;
  if (exp >= 0) {
    out = digits.length - 1 <= exp ? digits + "0".repeat(exp - (digits.length - 1)) : digits.slice(0, exp + 1) + "." + digits.slice(exp + 1);
  } else {
    out = "0." + "0".repeat(-exp - 1) + digits;
  }
  return (neg ? "-" : "") + out;
}

/** A submitted value as text, the way the reference casts it (numbers and booleans print, anything else is ""). */
export function castText(v: unknown): string {
  if (typeof v === "string") return v;
  if (typeof v === "number") return goFormatFloat(v);
  if (typeof v === "boolean") return v ? "true" : "false";
  if (typeof v === "bigint") return v.toString();
  return "";
}

const runeLength = (s: string) => [...s].length;
const regexpCache = new Map<string, RegExp | null>();

const POSIX: Record<string, string> = {
  alnum: "0-9A-Za-z", alpha: "A-Za-z", ascii: "\\x00-\\x7F", blank: "\\t ", cntrl: "\\x00-\\x1F\\x7F", digit: "0-9",
  graph: "!-~", lower: "a-z", print: " -~", punct: "!-\\/:-@\\[-`{-~", space: "\\t\\n\\v\\f\\r ", upper: "A-Z", word: "0-9A-Za-z_", xdigit: "0-9A-Fa-f",
};

/** Translates a Go (RE2) pattern into a JavaScript RegExp (null when it cannot be compiled). */
export function goRegexpToJs(pattern: string): RegExp | null {
  if (regexpCache.has(pattern)) return regexpCache.get(pattern)!;
  let src = pattern;
  let flags = "";
  const lead = /^\(\?([imsU]+)\)/.exec(src);
  if (lead) {
    src = src.slice(lead[0].length);
    if (lead[1].includes("i")) flags += "i";
    if (lead[1].includes("m")) flags += "m";
    if (lead[1].includes("s")) flags += "s";
  }
  src = src
    .replace(/\(\?P</g, "(?<")
    .replace(/\[:(\^?)([a-z]+):\]/g, (m, neg: string, name: string) => (POSIX[name] && !neg ? POSIX[name] : m))
    .replace(/\\A/g, "^")
    .replace(/\\z/g, "$(?![\\s\\S])")
    .replace(/\\Q([\s\S]*?)(\\E|$)/g, (_m, lit: string) => lit.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&"));
  let re: RegExp | null = null;
  for (const f of [flags + "u", flags]) {
    try {
      re = new RegExp(src, f);
      break;
    } catch {
      /* try without the unicode flag */
    }
  }
  if (regexpCache.size > 500) regexpCache.clear();
  regexpCache.set(pattern, re);
  return re;
}

/** Checks a (non-empty) text value against min/max (in characters) and the pattern. */
export function validateTextValue(o: TextOptions, value: string): VError | null {
  if (value === "") return null;
  const len = runeLength(value);
  if (o.min !== null && len < o.min) return verr("validation_min_text_constraint", `Must be at least ${o.min} character(s)`);
  if (o.max !== null && len > o.max) return verr("validation_max_text_constraint", `Must be less than ${o.max} character(s)`);
  if (o.pattern !== "") {
    const re = goRegexpToJs(o.pattern);
    if (re && !re.test(value)) return verr("validation_invalid_format", "Invalid value format");
  }
  return null;
}
