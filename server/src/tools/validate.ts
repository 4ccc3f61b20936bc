import { FE, fieldError, type FieldError } from "./errors.js";
import { isEmailFormat } from "./formats.js";

/** Small composable checks returning the reference's field error, or null when valid. */
export type Check<T> = (v: T) => FieldError | null;

/** The reference's email format rule (shared with settings validation). */
export const isEmail = isEmailFormat;

export const required: Check<unknown> = (v) => (v === undefined || v === null || v === "" || v === 0 || v === false ? FE.required() : null);

export const email: Check<string | undefined> = (v) => (v && !isEmail(v) ? FE.invalidEmail() : null);

export const lengthBetween = (min: number, max: number): Check<string | undefined> => (v) => {
  if (!v) return null;
  const n = [...v].length;
  return n < min || n > max ? FE.length(min, max) : null;
};

export const exactLength = (len: number): Check<string | undefined> => (v) =>
  v && [...v].length !== len ? fieldError("validation_length_invalid", `The length must be exactly ${len}.`) : null;

export const intBetween = (min: number, max: number): Check<number | undefined> => (v) => {
  if (v === undefined) return null;
  if (v < min) return fieldError("validation_min_greater_equal_than_required", `Must be no less than ${min}.`);
  if (v > max) return fieldError("validation_max_less_equal_than_required", `Must be no greater than ${max}.`);
  return null;
};

export const matchRegex = (re: RegExp): Check<string | undefined> => (v) =>
  v && !re.test(v) ? fieldError("validation_match_invalid", "Must be in a valid format.") : null;

/** Runs checks per field; the first failing check of each field wins. Returns null when all pass. */
export function collectErrors(checks: Record<string, (FieldError | null)[]>): Record<string, FieldError> | null {
  const out: Record<string, FieldError> = {};
  for (const [field, results] of Object.entries(checks)) {
    const first = results.find((r) => r !== null);
    if (first) out[field] = first;
  }
  return Object.keys(out).length ? sortKeys(out) : null;
}

/** The reference serializes error maps with sorted keys. */
function sortKeys<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
