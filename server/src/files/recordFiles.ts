import type { FileSystem } from "./filesystem.js";
import { fileKey, thumbKey, thumbName } from "./names.js";
import type { LocatedFile } from "./locatedFile.js";
import { canThumb, requestedThumbSize, type Thumbnailer } from "./thumbs.js";
import { FileNotFoundError } from "./filesystem.js";

export interface RecordFileRequest {
  collectionId: string;
  recordId: string;
  /** A name listed in the record's file field (the caller checks that). */
  filename: string;
  /** The file field's `thumbs` option. */
  fieldThumbs: readonly string[] | null;
  /** The `?thumb=` query value, if any. */
  thumb?: string;
  /** The parsed `?download=` flag (see parseDownloadFlag). */
  download?: boolean;
}

/** Parses a `?download=` value like Go's strconv.ParseBool (1, t, T, TRUE, true, True); anything else is false. */
export function parseDownloadFlag(v: unknown): boolean {
  return typeof v === "string" && ["1", "t", "T", "TRUE", "true", "True"].includes(v);
}

/**
 * A record's file or one of its thumbs (made on first request): null when the original is
 * not in storage (not found). A thumb that cannot be made gives the original.
 */
export async function locateRecordFile(fs: FileSystem, thumbs: Thumbnailer, req: RecordFileRequest): Promise<LocatedFile | null> {
  const key = fileKey(req.collectionId, req.recordId, req.filename);
  const stat = await statOrNull(fs, key);
  if (!stat) return null;
  const download = req.download ?? false;
  const size = requestedThumbSize(req.thumb, req.fieldThumbs);
  if (size && canThumb(stat.contentType)) {
    const tKey = thumbKey(req.collectionId, req.recordId, req.filename, size.raw);
    const ok = await thumbs.ensure({ originalKey: key, thumbKey: tKey, size, filename: req.filename, contentType: stat.contentType! });
    const thumbStat = ok ? await statOrNull(fs, tKey) : null;
    if (thumbStat) return { fs, key: tKey, stat: thumbStat, name: thumbName(size.raw, req.filename), download };
  }
  return { fs, key, stat, name: req.filename, download };
}

async function statOrNull(fs: FileSystem, key: string) {
  try {
    return await fs.stat(key);
  } catch (err) {
    if (err instanceof FileNotFoundError) return null;
    throw err;
  }
}
