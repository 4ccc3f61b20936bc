import { decodeStruct } from "./decode.js";
import { compact, V, verr, type VError, type VErrors } from "./errors.js";
import { castText } from "./text.js";
import type { FieldDef } from "./types.js";

export interface SelectOptions {
  maxSelect: number;
  values: string[] | null;
}

export const select: FieldDef<SelectOptions> = {
  type: "select",
  defaults: () => ({ maxSelect: 0, values: null }),
  decode: (raw) => decodeStruct({ maxSelect: "int", values: "stringList" }, select.defaults(), raw),
  validate(o) {
    const errs: VErrors = {};
    const count = o.values?.length ?? 0;
    if (count === 0) errs.values = V.required();
    if (o.maxSelect === 0) errs.maxSelect = V.required();
    else if (o.maxSelect < 1) errs.maxSelect = V.min(1);
    else if (count > 0 && o.maxSelect > count) errs.maxSelect = V.max(count);
    return compact(errs);
  },
  toJSON: (o) => ({ maxSelect: o.maxSelect, values: o.values }),
  isMultiple: (o) => o.maxSelect > 1,
  columnKind: (o) => (o.maxSelect > 1 ? "multiple" : "text"),
  zeroValue: (o) => (o.maxSelect > 1 ? [] : ""),
};

// ---------------------------------------------------------------- record values

/**
 * A submitted value as a list of distinct texts, the way the reference reads multi-value
 * fields: a list (items cast to text), a text holding a JSON array, or one text ("" is none).
 */
export function castUniqueStrings(v: unknown): string[] {
  let items: unknown[];
  if (v === null || v === undefined) items = [];
  else if (Array.isArray(v)) items = v;
  else if (typeof v === "string") {
    if (v === "") items = [];
    else {
      items = [v];
      if (v.trimStart().startsWith("[")) {
        try {
          const parsed: unknown = JSON.parse(v);
          if (Array.isArray(parsed)) items = parsed;
        } catch {
          /* one text */
        }
      }
    }
  } else items = [v];
  const out: string[] = [];
  for (const item of items) {
    const s = castText(item);
    if (!out.includes(s)) out.push(s);
  }
  return out;
}

/** Single-value fields keep the last of the submitted values. */
export const lastOrEmpty = (list: string[]): string => (list.length ? list[list.length - 1] : "");

/** The stored value of a select field (a text, or a list when maxSelect > 1). */
export function castSelect(o: SelectOptions, v: unknown): string | string[] {
  const list = castUniqueStrings(v);
  return o.maxSelect > 1 ? list : lastOrEmpty(list);
}

/** Checks selected values: each must be one of the options, at most maxSelect of them. */
export function validateSelectValue(o: SelectOptions, value: string | string[]): VError | null {
  const list = Array.isArray(value) ? value : value === "" ? [] : [value];
  if (list.length > Math.max(o.maxSelect, 1)) return verr("validation_too_many_values", `Select no more than ${o.maxSelect}`);
  for (const v of list) if (!(o.values ?? []).includes(v)) return verr("validation_invalid_value", `Invalid value ${v}`);
  return null;
}
