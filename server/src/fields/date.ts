import { compareDateTime, formatDateTime, parseDateTime, type DateTime } from "./dateTime.js";
import { fieldFor, isObject } from "./decode.js";
import { DecodeError, verr, type VErrors } from "./errors.js";
import { COLUMN, type FieldDef } from "./types.js";

/** Bounds as parsed date-times (null is the zero time, shown as ""). */
export interface DateOptions {
  min: DateTime | null;
  max: DateTime | null;
}

function decodeDate(v: unknown, current: DateTime | null): DateTime | null {
  if (v === null) return current;
  if (typeof v !== "string") throw new DecodeError("expected a date string");
  return parseDateTime(v);
}

export const date: FieldDef<DateOptions> = {
  type: "date",
  defaults: () => ({ min: null, max: null }),
  decode(raw) {
    const out = date.defaults();
    if (raw === null || raw === undefined) return out;
    if (!isObject(raw)) throw new DecodeError("expected an object");
    for (const [key, v] of Object.entries(raw)) {
      const f = fieldFor(["min", "max"], key) as "min" | "max" | undefined;
      if (f) out[f] = decodeDate(v, out[f]);
    }
    return out;
  },
  validate(o): VErrors | null {
    if (o.min && o.max && compareDateTime(o.max, o.min) < 0) {
      return { max: verr("validation_date_out_of_range", "The date is out of range.") };
    }
    return null;
  },
  toJSON: (o) => ({ min: formatDateTime(o.min), max: formatDateTime(o.max) }),
  isMultiple: () => false,
  columnType: () => COLUMN.text,
  zeroValue: () => "",
};
