import { compareDateTime, formatDateTime, parseDateTime, type DateTime } from "./dateTime.js";
import { fieldFor, isObject } from "./decode.js";
import { DecodeError, verr, type VError, type VErrors } from "./errors.js";
import type { FieldDef } from "./types.js";

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
  columnKind: () => "text",
  zeroValue: () => "",
};

// ---------------------------------------------------------------- record values

/** A submitted value as the stored date text ("" for anything that is not a readable date string). */
export function castDate(v: unknown): string {
  if (typeof v !== "string") return "";
  return formatDateTime(parseDateTime(v));
}

/** Go's time.String() of a UTC time: `2006-01-02 15:04:05.999999999 +0000 UTC`. */
export function goTimeString(dt: DateTime): string {
  const base = formatDateTime(dt).slice(0, 19);
  const nanos = (((dt.ms % 1000) + 1000) % 1000) * 1e6 + dt.subMs;
  const frac = nanos ? "." + String(nanos).padStart(9, "0").replace(/0+$/, "") : "";
  return `${base}${frac} +0000 UTC`;
}

/** Checks a (non-empty) stored date text against min and max. */
export function validateDateValue(o: DateOptions, value: string): VError | null {
  const dt = parseDateTime(value);
  if (!dt) return null;
  if (o.min && compareDateTime(dt, o.min) < 0) return verr("validation_min_greater_equal_than_required", `Must be no less than ${goTimeString(o.min)}`);
  if (o.max && compareDateTime(dt, o.max) > 0) return verr("validation_max_less_equal_than_required", `Must be no greater than ${goTimeString(o.max)}`);
  return null;
}
