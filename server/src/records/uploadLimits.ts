import type { CollectionModel } from "../models/collection.js";
import { validateUploadedFile } from "../fields/file.js";
import type { FileOptions } from "../fields/index.js";
import { detectMime } from "../files/mime.js";
import type { SpoolPolicy } from "../files/spool.js";

/** Bytes of all text values of a multipart record body together (as much as a JSON body may hold). */
export const FORM_VALUES_LIMIT = 32 << 20;

/** Room for part headers and boundaries on top of the files and values. */
const PART_OVERHEAD = 1 << 20;

/** The size limit assumed for a file field without one (the reference's default for new fields). */
const DEFAULT_MAX_SIZE = 5 << 20;

/** Limits of a multipart record body, from the collection's file fields. */
export interface UploadLimits {
  /** The whole body: every file field full (maxSize × maxSelect) plus the text values. */
  body: number;
  values: number;
  /** How to keep a file part of this field; undefined for a field that takes no files. */
  policy(field: string): SpoolPolicy | undefined;
}

/**
 * A file field's `maxSize` is the only limit a user sets, so it is the one that applies:
 * each file is kept while within it and of an allowed type (judged from its first bytes),
 * and the body may carry every file field full.
 */
export function uploadLimits(c: CollectionModel): UploadLimits {
  const policies = new Map<string, SpoolPolicy>();
  let files = 0;
  for (const f of c.schema) {
    if (f.type !== "file") continue;
    const o = f.options as FileOptions;
    const maxSize = o.maxSize > 0 ? o.maxSize : 0;
    files += (maxSize || DEFAULT_MAX_SIZE) * Math.max(o.maxSelect, 1);
    policies.set(f.name, { maxSize, acceptsHead: (head, size) => typeAllowed(o, head, size) });
  }
  return { body: files + FORM_VALUES_LIMIT + PART_OVERHEAD, values: FORM_VALUES_LIMIT, policy: (field) => policies.get(field) };
}

/** Whether a file starting with `head` (`size` bytes so far) has a type the field accepts. */
function typeAllowed(o: FileOptions, head: Buffer, size: number): boolean {
  const mime = detectMime(head, size).mime;
  return validateUploadedFile({ ...o, maxSize: 0 }, { originalName: "", name: "", size, mime }) === null;
}
