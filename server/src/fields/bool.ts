import { decodeStruct } from "./decode.js";
import type { FieldDef } from "./types.js";

export type BoolOptions = Record<string, never>;

export const bool: FieldDef<BoolOptions> = {
  type: "bool",
  defaults: () => ({}),
  decode: (raw) => decodeStruct({}, {}, raw),
  validate: () => null,
  toJSON: () => ({}),
  isMultiple: () => false,
  columnKind: () => "bool",
  zeroValue: () => false,
};

const TRUE_TEXT = new Set(["1", "t", "T", "TRUE", "true", "True"]);

/** A submitted value as a boolean, the way the reference casts it. */
export function castBool(v: unknown): boolean {
  if (typeof v === "boolean") return v;
  if (typeof v === "number") return v !== 0 && !Number.isNaN(v);
  if (typeof v === "string") return TRUE_TEXT.has(v);
  return false;
}
