import { decodeStruct } from "./decode.js";
import { V, type VErrors } from "./errors.js";
import { COLUMN, type FieldDef } from "./types.js";

export interface JsonOptions {
  maxSize: number;
}

export const json: FieldDef<JsonOptions> = {
  type: "json",
  defaults: () => ({ maxSize: 0 }),
  decode: (raw) => decodeStruct({ maxSize: "int" }, json.defaults(), raw),
  validate(o): VErrors | null {
    if (o.maxSize === 0) return { maxSize: V.required() };
    if (o.maxSize < 1) return { maxSize: V.min(1) };
    return null;
  },
  toJSON: (o) => ({ maxSize: o.maxSize }),
  isMultiple: () => false,
  columnType: () => COLUMN.json,
  zeroValue: () => null,
};
