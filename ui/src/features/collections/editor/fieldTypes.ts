import type { FieldOptions, FieldType } from "../../../data/collections/types";

/** The field types the editor offers, in menu order, with their labels. */
export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: "Plain text",
  editor: "Rich editor",
  number: "Number",
  bool: "Bool",
  email: "Email",
  url: "Url",
  date: "DateTime",
  select: "Select",
  file: "File",
  relation: "Relation",
  json: "JSON",
};

/** What "required" means for a field type, as its toggle says (PocketBase's words). */
export function requiredLabel(type: string): string {
  if (type === "bool") return "Nonfalsey";
  if (type === "number") return "Nonzero";
  return "Nonempty";
}

export const DEFAULT_FILE_MAX_SIZE = 5242880;
export const DEFAULT_JSON_MAX_SIZE = 2000000;
export const DEFAULT_FILE_MAX_SELECT_MULTIPLE = 99;
export const MIN_PASSWORD_LENGTH_RANGE = { min: 6, max: 72, default: 8 } as const;

/** Default options of a new field of the type. */
export function defaultFieldOptions(type: string): FieldOptions {
  switch (type) {
    case "text":
      return { min: null, max: null, pattern: "" };
    case "editor":
      return { convertUrls: false };
    case "number":
      return { min: null, max: null, noDecimal: false };
    case "email":
    case "url":
      return { exceptDomains: null, onlyDomains: null };
    case "date":
      return { min: "", max: "" };
    case "select":
      return { maxSelect: 1, values: [] };
    case "file":
      return { mimeTypes: [], thumbs: [], maxSelect: 1, maxSize: DEFAULT_FILE_MAX_SIZE, protected: false };
    case "relation":
      return { collectionId: "", cascadeDelete: false, minSelect: null, maxSelect: 1, displayFields: null };
    case "json":
      return { maxSize: DEFAULT_JSON_MAX_SIZE };
    default:
      return {};
  }
}

/** Mime type presets of the file field: only these can be chosen. */
export const MIME_PRESETS: { label: string; types: { mime: string; ext: string }[] }[] = [
  {
    label: "Images",
    types: [
      { mime: "image/jpeg", ext: ".jpg" },
      { mime: "image/png", ext: ".png" },
      { mime: "image/svg+xml", ext: ".svg" },
      { mime: "image/gif", ext: ".gif" },
      { mime: "image/webp", ext: ".webp" },
    ],
  },
  {
    label: "Documents",
    types: [
      { mime: "application/pdf", ext: ".pdf" },
      { mime: "application/msword", ext: ".doc" },
      { mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", ext: ".docx" },
      { mime: "application/vnd.ms-excel", ext: ".xls" },
      { mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", ext: ".xlsx" },
    ],
  },
  {
    label: "Videos",
    types: [
      { mime: "video/mp4", ext: ".mp4" },
      { mime: "video/x-ms-wmv", ext: ".wmv" },
      { mime: "video/quicktime", ext: ".mov" },
      { mime: "video/3gpp", ext: ".3gp" },
    ],
  },
  {
    label: "Archives",
    types: [
      { mime: "application/zip", ext: ".zip" },
      { mime: "application/x-7z-compressed", ext: ".7z" },
      { mime: "application/x-rar-compressed", ext: ".rar" },
    ],
  },
];

export const ALL_PRESET_MIME_TYPES = MIME_PRESETS.flatMap((g) => g.types.map((t) => t.mime));

/** Thumb sizes: WxH, WxHt, WxHb, WxHf, 0xH, Wx0 (not 0x0). */
export function isValidThumb(size: string): boolean {
  const m = /^(\d+)x(\d+)([tbf])?$/.exec(size.trim());
  if (!m) return false;
  const w = Number(m[1]);
  const h = Number(m[2]);
  if (w === 0 && h === 0) return false;
  if ((w === 0 || h === 0) && m[3]) return false;
  return true;
}
