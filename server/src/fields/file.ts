import { decodeStruct } from "./decode.js";
import { compact, V, verr, type VError, type VErrors } from "./errors.js";
import { castUniqueStrings, lastOrEmpty } from "./select.js";
import type { FieldDef } from "./types.js";

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
  columnKind: (o) => (o.maxSelect > 1 ? "multiple" : "text"),
  zeroValue: (o) => (o.maxSelect > 1 ? [] : ""),
};

// ---------------------------------------------------------------- record values

/** The stored value of a file field from a list of names (a text, or a list when maxSelect > 1). */
export function castFileNames(o: FileOptions, v: unknown): string | string[] {
  const list = castUniqueStrings(v);
  return o.maxSelect > 1 ? list : lastOrEmpty(list);
}

/** Checks the number of files. */
export function validateFileCount(o: FileOptions, names: string[]): VError | null {
  const max = Math.max(o.maxSelect, 1);
  return names.length > max ? verr("validation_too_many_values", `Select no more than ${max}`) : null;
}

/** Checks one uploaded file: its size, then its sniffed MIME type against mimeTypes. */
export function validateUploadedFile(o: FileOptions, file: { originalName: string; name: string; size: number; mime: string }): VError | null {
  if (o.maxSize > 0 && file.size > o.maxSize) {
    return verr("validation_file_size_limit", `Failed to upload "${file.originalName}" - the maximum allowed file size is ${o.maxSize} bytes`);
  }
  const allowed = (o.mimeTypes ?? []).filter((m) => m !== "");
  const base = file.mime.split(";")[0].trim().toLowerCase();
  if (allowed.length > 0 && !allowed.some((m) => m.toLowerCase() === base)) {
    return verr("validation_invalid_mime_type", `"${file.name}" mime type must be one of: ${allowed.join(", ")}`);
  }
  return null;
}
