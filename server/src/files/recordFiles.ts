import type { FileSystem } from "./filesystem.js";
import { fileKey, thumbKey, thumbName } from "./names.js";
import { serveFile, type ServeRequest, type ServeResult } from "./serve.js";
import { canThumb, requestedThumbSize, type Thumbnailer } from "./thumbs.js";
import { FileNotFoundError } from "./filesystem.js";

export interface RecordFileRequest extends ServeRequest {
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

/**
 * Serves a record's file or one of its thumbs (made on first request): null when the
 * original is not in storage (answer 404). A thumb that cannot be made serves the original.
 */
export async function serveRecordFile(fs: FileSystem, thumbs: Thumbnailer, req: RecordFileRequest): Promise<ServeResult | null> {
  const key = fileKey(req.collectionId, req.recordId, req.filename);
  let stat;
  try {
    stat = await fs.stat(key);
  } catch (err) {
    if (err instanceof FileNotFoundError) return null;
    throw err;
  }
  const size = requestedThumbSize(req.thumb, req.fieldThumbs);
  if (size && canThumb(stat.contentType)) {
    const tKey = thumbKey(req.collectionId, req.recordId, req.filename, size.raw);
    const ok = await thumbs.ensure({ originalKey: key, thumbKey: tKey, size, filename: req.filename, contentType: stat.contentType! });
    if (ok) {
      const res = await serveFile(fs, tKey, req, { download: req.download, name: thumbName(size.raw, req.filename) });
      if (res) return res;
    }
  }
  return serveFile(fs, key, req, { download: req.download, name: req.filename, stat });
}
