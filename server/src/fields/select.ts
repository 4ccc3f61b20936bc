import { decodeStruct } from "./decode.js";
import { compact, V, type VErrors } from "./errors.js";
import { COLUMN, type FieldDef } from "./types.js";

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
  columnType: (o) => (o.maxSelect > 1 ? COLUMN.multiple : COLUMN.text),
  zeroValue: (o) => (o.maxSelect > 1 ? [] : ""),
};
