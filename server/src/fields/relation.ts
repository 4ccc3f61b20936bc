import { decodeStruct } from "./decode.js";
import { compact, V, verr, type VError, type VErrors } from "./errors.js";
import { castUniqueStrings, lastOrEmpty } from "./select.js";
import { minCheck } from "./text.js";
import type { FieldDef } from "./types.js";

export interface RelationOptions {
  collectionId: string;
  cascadeDelete: boolean;
  minSelect: number | null;
  maxSelect: number | null;
  displayFields: string[] | null;
}

const SHAPE = { collectionId: "string", cascadeDelete: "bool", minSelect: "nullableInt", maxSelect: "nullableInt", displayFields: "stringList" } as const;

/** A relation holds many ids unless maxSelect is exactly 1. */
const multiple = (o: RelationOptions) => o.maxSelect === null || o.maxSelect > 1;

export const relation: FieldDef<RelationOptions> = {
  type: "relation",
  defaults: () => ({ collectionId: "", cascadeDelete: false, minSelect: null, maxSelect: null, displayFields: null }),
  decode: (raw) => decodeStruct(SHAPE, relation.defaults(), raw),
  validate(o) {
    const errs: VErrors = {};
    if (o.collectionId === "") errs.collectionId = V.required();
    const min = minCheck(o.minSelect, 0);
    if (min) errs.minSelect = min;
    if (o.maxSelect === 0) errs.maxSelect = V.nilOrNotEmpty();
    else {
      const max = minCheck(o.maxSelect, o.minSelect ?? 0);
      if (max) errs.maxSelect = max;
    }
    return compact(errs);
  },
  toJSON: (o) => ({ collectionId: o.collectionId, cascadeDelete: o.cascadeDelete, minSelect: o.minSelect, maxSelect: o.maxSelect, displayFields: o.displayFields }),
  isMultiple: multiple,
  columnKind: (o) => (multiple(o) ? "multiple" : "text"),
  zeroValue: (o) => (multiple(o) ? [] : ""),
};

// ---------------------------------------------------------------- record values

/** The stored value of a relation field (an id, or a list of ids when it holds many). */
export function castRelation(o: RelationOptions, v: unknown): string | string[] {
  const list = castUniqueStrings(v);
  return multiple(o) ? list : lastOrEmpty(list);
}

/** Checks the number of related ids against minSelect and maxSelect (existence is the caller's). */
export function validateRelationCount(o: RelationOptions, ids: string[]): VError | null {
  if (ids.length === 0) return null;
  if (o.minSelect !== null && ids.length < o.minSelect) return verr("validation_not_enough_values", `Select at least ${o.minSelect}`);
  if (o.maxSelect !== null && ids.length > o.maxSelect) return verr("validation_too_many_values", `Select no more than ${o.maxSelect}`);
  return null;
}
