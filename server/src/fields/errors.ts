/**
 * Validation errors of collections and fields, as the reference builds them: a leaf error
 * has a code and a raw message ("cannot be blank"); errors nest by field name or list index.
 * The HTTP layer shows messages as sentences ("Cannot be blank."); the import endpoint
 * embeds the raw messages as indented JSON.
 */
import { stringifyJson } from "../tools/json.js";

export class VError {
  constructor(
    readonly code: string,
    readonly message: string,
  ) {}
}

export interface VErrors {
  [key: string]: VError | VErrors;
}

/** Thrown when a request body (or a part of it) cannot be read into the expected structure. */
export class DecodeError extends Error {}

export const verr = (code: string, message: string) => new VError(code, message);

/** The reference's common rule errors, with their raw messages. */
export const V = {
  required: () => verr("validation_required", "cannot be blank"),
  nilOrNotEmpty: () => verr("validation_nil_or_not_empty_required", "cannot be blank"),
  nil: () => verr("validation_nil", "must be blank"),
  empty: () => verr("validation_empty", "must be blank"),
  in: () => verr("validation_in_invalid", "must be a valid value"),
  notIn: () => verr("validation_not_in_invalid", "must not be in list"),
  match: () => verr("validation_match_invalid", "must be in a valid format"),
  length: (min: number, max: number) => verr("validation_length_out_of_range", `the length must be between ${min} and ${max}`),
  exactLength: (n: number) => verr("validation_length_invalid", `the length must be exactly ${n}`),
  min: (n: number) => verr("validation_min_greater_equal_than_required", `must be no less than ${goNumber(n)}`),
  max: (n: number) => verr("validation_max_less_equal_than_required", `must be no greater than ${goNumber(n)}`),
  domain: () => verr("validation_is_domain", "must be a valid domain"),
};

/** Formats a number like Go's %v of a float64 (1e+21 for large, 1.5, 5). */
export function goNumber(n: number): string {
  if (!Number.isFinite(n)) return n > 0 ? "+Inf" : n < 0 ? "-Inf" : "NaN";
  const abs = Math.abs(n);
  if (abs !== 0 && (abs < 1e-4 || abs >= 1e21)) {
    const [mant, exp] = n.toExponential().split("e");
    const e = Number(exp);
    return `${mant}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
  }
  return String(n);
}

/** Capitalizes and ends with a period, as the reference presents error messages. */
export function sentenize(s: string): string {
  const t = s.trim();
  if (t === "") return "";
  const out = t[0].toUpperCase() + t.slice(1);
  return /[.!?]$/.test(out) ? out : out + ".";
}

export const hasErrors = (e: VErrors | null | undefined): e is VErrors => !!e && Object.keys(e).length > 0;

/** Drops empty nested maps; returns null when nothing is left. */
export function compact(e: VErrors): VErrors | null {
  const out: VErrors = {};
  for (const [k, v] of Object.entries(e)) {
    if (v instanceof VError) out[k] = v;
    else {
      const sub = compact(v);
      if (sub) out[k] = sub;
    }
  }
  return Object.keys(out).length ? out : null;
}

const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

/** The `data` of an API error: `{field: {code, message}}` with sentence messages, keys sorted. */
export function errorsToData(e: VErrors): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e).sort(byKey)) {
    out[k] = v instanceof VError ? { code: v.code, message: sentenize(v.message) } : errorsToData(v);
  }
  return out;
}

/** The raw-message tree the reference serializes into import failure messages. */
export function errorsToRaw(e: VErrors): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e).sort(byKey)) out[k] = v instanceof VError ? v.message : errorsToRaw(v);
  return out;
}

/** JSON with Go's escaping of <, > and & (as json.Marshal does). */
export function goJsonStringify(v: unknown, indent?: number): string {
  return (indent ? JSON.stringify(v, null, indent) : stringifyJson(v))
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
