import { decodeStruct } from "./decode.js";
import { compact, verr, type VErrors } from "./errors.js";
import { minCheck } from "./text.js";
import { COLUMN, type FieldDef } from "./types.js";

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
  columnType: () => COLUMN.number,
  zeroValue: () => 0,
};
