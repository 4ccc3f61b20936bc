import { randomString } from "../tools/random.js";

/**
 * Stored file names and storage keys, as the reference makes them. An upload named
 * `Hello World.TXT` is stored as `hello_world_<10 random [A-Za-z0-9]>.TXT`:
 * - the extension is the part from the second-to-last dot when the name has two or more
 *   dots (`a.tar.gz` -> `.tar.gz`, `a.b.c` -> `.b.c`), else from the last dot; it keeps its
 *   case, loses every character but `[A-Za-z0-9_.*+=#-]`, and when longer than 21
 *   characters keeps a dot and its last 20; a name without a dot gets the extension
 *   of its sniffed content type (possibly none);
 * - the base (the name without the extension) is snake-cased: runs of characters outside
 *   `[A-Za-z0-9]` become one `_`, a capital after a lowercase letter or digit starts a new
 *   word, everything is lowercased and `_` trimmed at both ends; it is cut to 100
 *   characters, and a base shorter than 3 characters gets 10 random characters appended;
 * - then `_`, 10 random `[A-Za-z0-9]` characters and the extension.
 */
export const RANDOM_SUFFIX_LENGTH = 10;
export const MAX_BASE_LENGTH = 100;
export const MIN_BASE_LENGTH = 3;
export const MAX_EXT_LENGTH = 21;

const SUFFIX_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/**
 * The name part of a multipart upload's filename: what follows the last `/` once trailing
 * slashes are dropped (the reference's multipart reader does this to every filename).
 */
export function uploadBaseName(filename: string): string {
  if (filename === "") return "";
  const trimmed = filename.replace(/\/+$/, "");
  if (trimmed === "") return "/";
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}

/** The raw extension of a name (with its dot), supporting two-part extensions like `.tar.gz`. */
export function splitExtension(name: string): { base: string; ext: string } {
  const last = name.lastIndexOf(".");
  if (last < 0) return { base: name, ext: "" };
  const prev = name.lastIndexOf(".", last - 1);
  const at = prev >= 0 ? prev : last;
  return { base: name.slice(0, at), ext: name.slice(at) };
}

/** The extension as stored: invalid characters dropped, long ones cut to a dot and their last 20 characters. */
export function cleanExtension(ext: string): string {
  const clean = ext.replace(/[^A-Za-z0-9_.*+=#-]/g, "");
  return clean.length > MAX_EXT_LENGTH ? "." + clean.slice(-(MAX_EXT_LENGTH - 1)) : clean;
}

/** `HelloWorld`, `hello world` and `hello-world!` all give `hello_world`. */
export function snakeCase(s: string): string {
  let out = "";
  let pendingSep = false;
  let prev = "";
  for (const ch of s) {
    const isLower = ch >= "a" && ch <= "z";
    const isUpper = ch >= "A" && ch <= "Z";
    const isDigit = ch >= "0" && ch <= "9";
    if (!isLower && !isUpper && !isDigit) {
      pendingSep = true;
      prev = "";
      continue;
    }
    if (isUpper && prev !== "" && ((prev >= "a" && prev <= "z") || (prev >= "0" && prev <= "9"))) pendingSep = true;
    if (pendingSep && out !== "") out += "_";
    pendingSep = false;
    out += ch.toLowerCase();
    prev = ch;
  }
  return out;
}

export interface StoredNameOptions {
  /** The extension (with dot) of the sniffed content type, used when the name has no extension. */
  detectedExt?: string;
  /** Source of randomness, for tests; gets the wanted length. */
  random?: (length: number) => string;
}

/** The name an uploaded file is stored under. `originalName` is the upload's (already base-named) filename. */
export function storedFileName(originalName: string, opts: StoredNameOptions = {}): string {
  const random = opts.random ?? ((n: number) => randomString(n, SUFFIX_ALPHABET));
  const { base: rawBase, ext: rawExt } = splitExtension(originalName);
  let ext = cleanExtension(rawExt);
  if (rawExt === "") ext = opts.detectedExt ?? "";
  let base = snakeCase(rawBase).slice(0, MAX_BASE_LENGTH);
  if (base.length < MIN_BASE_LENGTH) base += random(RANDOM_SUFFIX_LENGTH);
  return `${base}_${random(RANDOM_SUFFIX_LENGTH)}${ext}`;
}

/** The storage key of a record's file: `<collectionId>/<recordId>/<filename>`. */
export function fileKey(collectionId: string, recordId: string, filename: string): string {
  return `${collectionId}/${recordId}/${filename}`;
}

/** The prefix holding all files (and thumbs) of a record: delete it with the record. */
export function recordPrefix(collectionId: string, recordId: string): string {
  return `${collectionId}/${recordId}/`;
}

/** The prefix holding every thumb of one file: delete it with the file. */
export function thumbsPrefix(collectionId: string, recordId: string, filename: string): string {
  return `${collectionId}/${recordId}/thumbs_${filename}/`;
}

/** The name of a thumb of a file: `<size>_<filename>` (also its Content-Disposition filename). */
export function thumbName(size: string, filename: string): string {
  return `${size}_${filename}`;
}

/** The storage key of a thumb: `<collectionId>/<recordId>/thumbs_<filename>/<size>_<filename>`. */
export function thumbKey(collectionId: string, recordId: string, filename: string, size: string): string {
  return `${thumbsPrefix(collectionId, recordId, filename)}${thumbName(size, filename)}`;
}
