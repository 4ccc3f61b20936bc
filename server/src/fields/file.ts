import { decodeStruct } from "./decode.js";
import { compact, V, type VErrors } from "./errors.js";
import { COLUMN, type FieldDef } from "./types.js";

export interface FileOptions {
  mimeTypes: string[] | null;
  thumbs: string[] | null;
  maxSelect: number;
  maxSize: number;
  protected: boolean;
}

const SHAPE = { mimeTypes: "stringList", thumbs: "stringList", maxSelect: "int", maxSize: "int", protected: "bool" } as const;

/** Thumb sizes: `WxH` with an optional t (top), b (bottom) or f (fit) suffix; 0x0 forms are refused. */
export const THUMB_RE = /^(\d+)x(\d+)(t|b|f)?$/;
const ZERO_THUMBS = new Set(["0x0", "0x0t", "0x0b", "0x0f"]);

const requiredPositive = (n: number) => (n === 0 ? V.required() : n < 1 ? V.min(1) : null);

export const file: FieldDef<FileOptions> = {
  type: "file",
  defaults: () => ({ mimeTypes: null, thumbs: null, maxSelect: 0, maxSize: 0, protected: false }),
  decode: (raw) => decodeStruct(SHAPE, file.defaults(), raw),
  validate(o) {
    const errs: VErrors = {};
    const maxSelect = requiredPositive(o.maxSelect);
    if (maxSelect) errs.maxSelect = maxSelect;
    const maxSize = requiredPositive(o.maxSize);
    if (maxSize) errs.maxSize = maxSize;
    const thumbs: VErrors = {};
    (o.thumbs ?? []).forEach((t, i) => {
      if (t === "") return;
      if (ZERO_THUMBS.has(t)) thumbs[String(i)] = V.notIn();
      else if (!THUMB_RE.test(t)) thumbs[String(i)] = V.match();
    });
    errs.thumbs = thumbs;
    return compact(errs);
  },
  toJSON: (o) => ({ mimeTypes: o.mimeTypes, thumbs: o.thumbs, maxSelect: o.maxSelect, maxSize: o.maxSize, protected: o.protected }),
  isMultiple: (o) => o.maxSelect > 1,
  columnType: (o) => (o.maxSelect > 1 ? COLUMN.multiple : COLUMN.text),
  zeroValue: (o) => (o.maxSelect > 1 ? [] : ""),
};
