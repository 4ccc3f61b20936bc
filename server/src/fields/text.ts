import { decodeStruct } from "./decode.js";
import { compact, V, verr, type VErrors } from "./errors.js";
import { goRegexpError } from "./goRegexp.js";
import { COLUMN, type FieldDef } from "./types.js";

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
  columnType: () => COLUMN.text,
  zeroValue: () => "",
};
