import type { Readable } from "node:stream";

/** What a stored file looks like without reading it. */
export interface FileStat {
  size: number;
  /** Last modification time (the Last-Modified of a served file). */
  modified: Date;
  /**
   * The content type recorded when the file was written. Undefined when none was recorded
   * (a local file without its `.attrs` sidecar); "" when an empty one was recorded.
   */
  contentType?: string;
  /** User metadata recorded with the file (originals carry `original-filename`). */
  metadata?: Record<string, string>;
}

export interface FileEntry {
  key: string;
  size: number;
  modified: Date;
}

/** An inclusive byte range, as in an HTTP Range header (`end` >= `start`). */
export interface ByteRange {
  start: number;
  end: number;
}

/** A file on local disk to store (see FileSystem.putFile). */
export interface LocalSource {
  path: string;
  size: number;
  /** Base64 MD5 of the content when already known. */
  md5?: string;
}

export interface PutOptions {
  /** User metadata stored with the file; the reference records `{"original-filename": ...}` for uploads and none for thumbs. */
  metadata?: Record<string, string>;
}

/**
 * A flat key/value file store, like the reference's blob storage: keys are
 * slash-separated paths (`<collectionId>/<recordId>/<filename>`), there are no real
 * directories. Implemented over a local directory and over S3.
 */
export interface FileSystem {
  /** Stores a file, replacing any previous one under the key. */
  put(key: string, data: Buffer | Readable, contentType: string, opts?: PutOptions): Promise<void>;
  /**
   * Stores a local temp file under the key without reading it into memory. The temp file
   * may be moved (local storage renames it into place); the caller removes it if it is
   * still there afterwards.
   */
  putFile(key: string, file: LocalSource, contentType: string, opts?: PutOptions): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Throws FileNotFoundError when the key holds no file. */
  stat(key: string): Promise<FileStat>;
  /** Streams the file, or the inclusive byte range of it. Throws FileNotFoundError when missing. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Deletes one file; deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Deletes every file whose key starts with `prefix` (not empty) and returns how many
   * were deleted. Local storage also removes the directories left empty.
   */
  deletePrefix(prefix: string): Promise<number>;
  /** Files whose key starts with `prefix` ("" for all), sorted by key. */
  list(prefix: string): Promise<FileEntry[]>;
  /** Releases connections; the instance is unusable afterwards. */
  close(): Promise<void>;
}

/** Raised when a key holds no file. */
export class FileNotFoundError extends Error {
  readonly code = "ENOENT";
  constructor(readonly key: string) {
    super(`file not found: ${key}`);
  }
}

/** Raised for a key that could escape the storage root or is otherwise not a valid key. */
export class InvalidKeyError extends Error {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`invalid file key ${JSON.stringify(key)}: ${reason}`);
  }
}

export const MAX_KEY_LENGTH = 1024;
/** Suffix of the local sidecar files holding a file's attributes; no key may end with it. */
export const ATTRS_SUFFIX = ".attrs";

/**
 * Why a key (or, with `prefix`, a listing prefix) is unsafe, or null when it is fine.
 * Keys are relative slash-separated paths of non-empty segments: no `.`/`..` segments,
 * no backslashes, no control characters (NUL included), no `%` (so no encoded
 * separators), no leading slash, and no `.attrs` suffix (reserved for sidecars).
 * A prefix may be empty and may end with a slash.
 */
export function keyProblem(key: string, prefix = false): string | null {
  if (typeof key !== "string") return "not a string";
  if (key === "") return prefix ? null : "empty";
  if (key.length > MAX_KEY_LENGTH) return "too long";
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key)) return "control character";
  if (key.includes("\\")) return "backslash";
  if (key.includes("%")) return "percent sign";
  if (key.startsWith("/")) return "absolute path";
  const segments = key.split("/");
  if (prefix && segments[segments.length - 1] === "") segments.pop();
  for (const s of segments) {
    if (s === "") return "empty path segment";
    if (s === "." || s === "..") return "relative path segment";
  }
  if (!prefix && key.endsWith(ATTRS_SUFFIX)) return "reserved suffix";
  return null;
}

export function assertKey(key: string): void {
  const p = keyProblem(key);
  if (p) throw new InvalidKeyError(key, p);
}

export function assertPrefix(prefix: string): void {
  const p = keyProblem(prefix, true);
  if (p) throw new InvalidKeyError(prefix, p);
}

/** Reads a whole file into memory. */
export async function readAll(fs: FileSystem, key: string): Promise<Buffer> {
  const stream = await fs.read(key);
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}
