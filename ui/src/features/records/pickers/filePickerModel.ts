import type { Collection, SchemaField } from "../../../data/collections/types";
import { IMAGE_MIME_TYPES } from "../fileKinds";
import { DEFAULT_THUMB, hasThumb } from "../fileKinds";

export const NO_IMAGE_RECORDS = "No records with images found.";
export const NO_FILE_COLLECTIONS = "You currently don't have any collection with file field.";
export const CANNOT_PREVIEW = "Cannot preview the file.";
export const ORIGINAL_SIZE = "Original size";

/** Unprotected file fields whose types are unrestricted or include an image type. */
export function imageFileFields(c: Collection): SchemaField[] {
  return c.schema.filter((f) => {
    if (f.type !== "file" || f.options?.protected) return false;
    const types = Array.isArray(f.options?.mimeTypes) ? (f.options.mimeTypes as string[]) : [];
    return types.length === 0 || types.some((t) => IMAGE_MIME_TYPES.includes(t));
  });
}

/** Collections whose files can be picked: not views (they take no new records), with an image file field. */
export function filePickerCollections(all: Collection[]): Collection[] {
  return all.filter((c) => c.type !== "view" && imageFileFields(c).length > 0);
}

/** At least one of the file fields holds a file. */
export function hasFilesFilter(fields: SchemaField[]): string {
  return fields.map((f) => `${f.name}:length>0`).join("||");
}

/**
 * The size choices for a picked file: original, the default thumb and its field's own thumbs;
 * only the original for a file the server makes no thumbs of.
 */
export function sizeOptions(field: SchemaField | undefined, fileName: string): { value: string; label: string }[] {
  if (!hasThumb(fileName)) return [{ value: "", label: ORIGINAL_SIZE }];
  const thumbs = Array.isArray(field?.options?.thumbs) ? (field?.options?.thumbs as string[]) : [];
  const opts = [
    { value: "", label: ORIGINAL_SIZE },
    { value: DEFAULT_THUMB, label: `${DEFAULT_THUMB} thumb` },
  ];
  for (const t of thumbs) if (t !== DEFAULT_THUMB) opts.push({ value: t, label: `${t} thumb` });
  return opts;
}

/** The picked size if the picked file offers it, else the original (a size chosen for another file does not carry over). */
export function effectiveSize(size: string, options: { value: string }[]): string {
  return options.some((o) => o.value === size) ? size : "";
}
