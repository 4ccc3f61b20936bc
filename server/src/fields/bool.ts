import { decodeStruct } from "./decode.js";
import { COLUMN, type FieldDef } from "./types.js";

export type BoolOptions = Record<string, never>;

export const bool: FieldDef<BoolOptions> = {
  type: "bool",
  defaults: () => ({}),
  decode: (raw) => decodeStruct({}, {}, raw),
  validate: () => null,
  toJSON: () => ({}),
  isMultiple: () => false,
  columnType: () => COLUMN.bool,
  zeroValue: () => false,
};
