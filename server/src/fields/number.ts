import { decodeStruct } from "./decode.js";
import { compact, verr, type VError, type VErrors } from "./errors.js";
import { minCheck } from "./text.js";
import type { FieldDef } from "./types.js";

export interface NumberOptions {
  min: number | null;
  max: number | null;
  noDecimal: boolean;
}

const SHAPE = { min: "nullableNumber", max: "nullableNumber", noDecimal: "bool" } as const;

const noDecimal = () => verr("validation_no_decimal_constraint", "Decimal numbers are not allowed.");

export const number: FieldDef<NumberOptions> = {
  type: "number",
  defaults: () => ({ min: null, max: null, noDecimal: false }),
  decode: (raw) => decodeStruct(SHAPE, number.defaults(), raw),
  validate(o) {
    const errs: VErrors = {};
    const decimal = (v: number | null) => o.noDecimal && v !== null && !Number.isInteger(v);
    if (decimal(o.min)) errs.min = noDecimal();
    const max = o.min !== null ? minCheck(o.max, o.min) : null;
    if (max) errs.max = max;
    else if (decimal(o.max)) errs.max = noDecimal();
    return compact(errs);
  },
  toJSON: (o) => ({ min: o.min, max: o.max, noDecimal: o.noDecimal }),
  isMultiple: () => false,
  columnKind: () => "number",
  zeroValue: () => 0,
};

// ---------------------------------------------------------------- record values

const FLOAT_RE = /^[+-]?(?:(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][+-]?\d+)?|0[xX][\da-fA-F_]*(?:\.[\da-fA-F_]*)?(?:[pP][+-]?\d+)?|[iI]nf(?:inity)?|[nN]a[nN])$/;

/** A submitted value as a number, the way the reference casts it (unreadable text is 0). */
export function castNumber(v: unknown): number {
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "bigint") return Number(v);
  if (typeof v !== "string") return 0;
  const s = v;
  if (!FLOAT_RE.test(s) || /^[+-]?0[xX]/.test(s) || s.includes("_")) return 0;
  if (/inf/i.test(s)) return s.startsWith("-") ? -Infinity : Infinity;
  if (/nan/i.test(s)) return NaN;
  return Number(s);
}

/** Checks a (non-zero) number against noDecimal, min and max. */
export function validateNumberValue(o: NumberOptions, value: number): VError | null {
  if (value === 0) return null;
  if (o.noDecimal && !Number.isInteger(value)) return noDecimal();
  if (o.min !== null && value < o.min) return verr("validation_min_number_constraint", `Must be larger than ${o.min.toFixed(6)}`);
  if (o.max !== null && value > o.max) return verr("validation_max_number_constraint", `Must be less than ${o.max.toFixed(6)}`);
  return null;
}
