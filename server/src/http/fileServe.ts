import { randomBytes } from "node:crypto";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { FileNotFoundError, type ByteRange, type FileStat, type FileSystem } from "../files/filesystem.js";
import type { LocatedFile } from "../files/locatedFile.js";

/**
 * Serving a stored file the way the reference does (its file route over Go's
 * http.ServeContent): Content-Type is the stored one (application/octet-stream when none
 * was recorded; `.svg` names always image/svg+xml), Content-Disposition is inline only
 * for the media types browsers show safely (else attachment, and always with
 * `download`), every answer carries a sandboxing Content-Security-Policy and a one-month
 * Cache-Control, and the reference's X-Frame-Options is dropped so files can be framed.
 * Range (single and multipart/byteranges, 206 and 416), If-Range, If-Modified-Since,
 * If-Unmodified-Since, If-Match and If-None-Match (304/412) behave as in Go, which sets no
 * ETag for these files.
 */

export const FILE_CACHE_CONTROL = "max-age=2592000, stale-while-revalidate=86400";
export const FILE_CSP = "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; sandbox";
/** Headers the app sets on every answer that a file answer (and its storage 404) must not carry. */
export const FILE_REMOVED_HEADERS: readonly string[] = ["X-Frame-Options"];

/** Stored content types served inline (matched exactly); everything else is an attachment. */
export const INLINE_CONTENT_TYPES: ReadonlySet<string> = new Set([
  "image/png",
  "image/jpg",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/x-icon",
  "image/bmp",
  "video/webm",
  "video/mp4",
  "video/3gpp",
  "video/quicktime",
  "video/x-ms-wmv",
  "audio/basic",
  "audio/aiff",
  "audio/mpeg",
  "audio/midi",
  "audio/mp3",
  "audio/wave",
  "audio/wav",
  "audio/x-wav",
  "audio/x-mpeg",
  "audio/x-m4a",
  "audio/aac",
  "application/pdf",
  "application/x-pdf",
]);

export interface ServeRequest {
  /** GET or HEAD (a HEAD answer has the headers and no body). */
  method: string;
  /** Request headers, lowercased names (Node's IncomingHttpHeaders fits). */
  headers: Record<string, string | string[] | undefined>;
}

export interface ServeOptions {
  /** `?download=` was true: always an attachment. */
  download?: boolean;
  /** Content-Disposition filename; defaults to the key's last segment. */
  name?: string;
  /** The file's stat when the caller already has it (saves a lookup). */
  stat?: FileStat;
}

export interface ServeResult {
  status: number;
  /** Headers to set, in the reference's names. */
  headers: Record<string, string>;
  /** Headers to remove from the answer (see FILE_REMOVED_HEADERS). */
  removeHeaders: readonly string[];
  /** The body; null for HEAD, 304, 412 and empty answers. */
  body: Readable | string | null;
}

/** The served Content-Type of a file with the given stored content type. */
export function servedContentType(name: string, stored: string | undefined): string {
  if (path.extname(name) === ".svg") return "image/svg+xml";
  return stored ?? "application/octet-stream";
}

export function contentDisposition(name: string, stored: string | undefined, download: boolean): string {
  const inline = !download && stored !== undefined && INLINE_CONTENT_TYPES.has(stored);
  return `${inline ? "inline" : "attachment"}; filename=${name}`;
}

/**
 * Answers a GET/HEAD for a stored file. Resolves to null when the key holds no file
 * (the caller answers 404, without FILE_REMOVED_HEADERS like the reference).
 */
export async function serveFile(fs: FileSystem, key: string, req: ServeRequest, opts: ServeOptions = {}): Promise<ServeResult | null> {
  let stat = opts.stat;
  if (!stat) {
    try {
      stat = await fs.stat(key);
    } catch (err) {
      if (err instanceof FileNotFoundError) return null;
      throw err;
    }
  }
  return serveLocatedFile({ fs, key, stat, name: opts.name ?? key.slice(key.lastIndexOf("/") + 1), download: opts.download ?? false }, req);
}

/** Answers a GET/HEAD for a file found in storage. */
export async function serveLocatedFile(file: LocatedFile, req: ServeRequest): Promise<ServeResult> {
  const { fs, key, stat, name } = file;
  const contentType = servedContentType(name, stat.contentType);
  const headers: Record<string, string> = {
    "Content-Disposition": contentDisposition(name, stat.contentType, file.download),
    "Cache-Control": FILE_CACHE_CONTROL,
    "Content-Security-Policy": FILE_CSP,
    "Content-Type": contentType,
  };
  const size = stat.size;
  const modified = stat.modified;
  const hasModTime = modified.getTime() > 0;
  if (hasModTime) headers["Last-Modified"] = modified.toUTCString();
  const isGetHead = req.method === "GET" || req.method === "HEAD";
  const head = req.method === "HEAD";
  const h = (n: string) => headerValue(req.headers, n);
  const result = (status: number, body: Readable | string | null): ServeResult => ({ status, headers, removeHeaders: FILE_REMOVED_HEADERS, body });

  // Preconditions, in Go's order.
  let cond = checkIfMatch(h("if-match"));
  if (cond === "none") cond = checkIfUnmodifiedSince(h("if-unmodified-since"), modified, hasModTime);
  if (cond === "false") {
    headers["Content-Length"] = "0";
    return result(412, null);
  }
  const inm = checkIfNoneMatch(h("if-none-match"));
  if (inm === "false") {
    if (isGetHead) return notModified(headers);
    headers["Content-Length"] = "0";
    return result(412, null);
  }
  if (inm === "none" && isGetHead && checkIfModifiedSince(h("if-modified-since"), modified, hasModTime) === "false") {
    return notModified(headers);
  }
  let rangeHeader = h("range") ?? "";
  if (rangeHeader !== "" && isGetHead && checkIfRange(h("if-range"), modified, hasModTime) === "false") rangeHeader = "";

  let ranges: ByteRange[] | null;
  try {
    ranges = parseRange(rangeHeader, size);
  } catch (err) {
    if (err === NO_OVERLAP) headers["Content-Range"] = `bytes */${size}`;
    const msg = err === NO_OVERLAP ? "invalid range: failed to overlap" : "invalid range";
    return errorResult(headers, 416, msg, head);
  }
  if (ranges && ranges.reduce((n, r) => n + (r.end - r.start + 1), 0) > size) ranges = null;

  if (ranges && ranges.length === 1) {
    const r = ranges[0];
    const length = r.end - r.start + 1;
    headers["Content-Range"] = `bytes ${r.start}-${r.end}/${size}`;
    headers["Accept-Ranges"] = "bytes";
    headers["Content-Length"] = String(length);
    if (head || length <= 0) return result(206, head ? null : "");
    return result(206, await fs.read(key, r));
  }
  if (ranges && ranges.length > 1) {
    const boundary = randomBytes(30).toString("hex");
    const parts = ranges.map((r, i) => ({
      r,
      header: `${i === 0 ? "" : "\r\n"}--${boundary}\r\nContent-Range: bytes ${r.start}-${r.end}/${size}\r\nContent-Type: ${contentType}\r\n\r\n`,
    }));
    const closing = `\r\n--${boundary}--\r\n`;
    const total = parts.reduce((n, p) => n + Buffer.byteLength(p.header) + (p.r.end - p.r.start + 1), 0) + closing.length;
    headers["Content-Type"] = `multipart/byteranges; boundary=${boundary}`;
    headers["Accept-Ranges"] = "bytes";
    headers["Content-Length"] = String(total);
    if (head) return result(206, null);
    return result(206, multipartBody(fs, key, parts, closing));
  }
  headers["Accept-Ranges"] = "bytes";
  headers["Content-Length"] = String(size);
  if (head || size === 0) return result(200, head ? null : "");
  return result(200, await fs.read(key));
}

function notModified(headers: Record<string, string>): ServeResult {
  delete headers["Content-Type"];
  delete headers["Content-Length"];
  return { status: 304, headers, removeHeaders: FILE_REMOVED_HEADERS, body: null };
}

/** Go's http.Error: a plain-text message ending in a newline. */
function errorResult(headers: Record<string, string>, status: number, msg: string, head: boolean): ServeResult {
  headers["Content-Type"] = "text/plain; charset=utf-8";
  headers["X-Content-Type-Options"] = "nosniff";
  const body = msg + "\n";
  headers["Content-Length"] = String(Buffer.byteLength(body));
  return { status, headers, removeHeaders: FILE_REMOVED_HEADERS, body: head ? null : body };
}

function multipartBody(fs: FileSystem, key: string, parts: { r: ByteRange; header: string }[], closing: string): Readable {
  const out = new PassThrough();
  (async () => {
    for (const p of parts) {
      if (!out.write(p.header)) await onceDrain(out);
      const stream = await fs.read(key, p.r);
      for await (const chunk of stream) {
        if (!out.write(chunk)) await onceDrain(out);
      }
    }
    out.end(closing);
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}

function onceDrain(s: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      s.off("drain", done);
      s.off("close", done);
      resolve();
    };
    s.once("drain", done);
    s.once("close", done);
  });
}

function headerValue(headers: ServeRequest["headers"], name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

// ---------------------------------------------------------------------------
// Conditional requests. With no ETag on the answer, entity tags never match.

type Cond = "none" | "true" | "false";

/** Trims the characters Go's textproto.TrimString does (ASCII space, tab, CR, LF). */
function trimAscii(s: string): string {
  return s.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, "");
}

/** Scans one entity tag at the start of s: [W/]"...". Returns the rest, or null when s does not start with a tag. */
function scanETag(s: string): { rest: string } | null {
  s = trimAscii(s);
  let start = 0;
  if (s.startsWith("W/")) start = 2;
  if (s.length - start < 2 || s[start] !== '"') return null;
  for (let i = start + 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22) return { rest: s.slice(i + 1) };
    if (c === 0x21 || (c >= 0x23 && c <= 0x7e) || c >= 0x80) continue;
    return null;
  }
  return null;
}

/**
 * Whether an If-Match / If-None-Match list matches: Cairn sends no ETags, so only `*`
 * can; null when the header is absent.
 */
function etagListMatches(v: string | undefined): boolean | null {
  if (v === undefined || v === "") return null;
  let buf = v;
  for (;;) {
    buf = trimAscii(buf);
    if (buf.length === 0) break;
    if (buf[0] === ",") {
      buf = buf.slice(1);
      continue;
    }
    if (buf[0] === "*") return true;
    const tag = scanETag(buf);
    if (!tag) break;
    buf = tag.rest;
  }
  return false;
}

function checkIfMatch(v: string | undefined): Cond {
  const m = etagListMatches(v);
  return m === null ? "none" : m ? "true" : "false";
}

function checkIfNoneMatch(v: string | undefined): Cond {
  const m = etagListMatches(v);
  return m === null ? "none" : m ? "false" : "true";
}

function checkIfUnmodifiedSince(v: string | undefined, modified: Date, hasModTime: boolean): Cond {
  if (!v || !hasModTime) return "none";
  const t = parseHttpDate(v);
  if (t === null) return "none";
  return Math.floor(modified.getTime() / 1000) * 1000 <= t ? "true" : "false";
}

function checkIfModifiedSince(v: string | undefined, modified: Date, hasModTime: boolean): Cond {
  if (!v || !hasModTime) return "none";
  const t = parseHttpDate(v);
  if (t === null) return "none";
  return Math.floor(modified.getTime() / 1000) * 1000 <= t ? "false" : "true";
}

function checkIfRange(v: string | undefined, modified: Date, hasModTime: boolean): Cond {
  if (!v) return "none";
  if (scanETag(v)) return "false"; // an entity tag: never ours
  if (!hasModTime) return "false";
  const t = parseHttpDate(v);
  if (t === null) return "false";
  return Math.floor(t / 1000) === Math.floor(modified.getTime() / 1000) ? "true" : "false";
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const LONG_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/**
 * Parses the three HTTP date formats Go accepts (IMF-fixdate, RFC 850, asctime), strictly;
 * returns epoch milliseconds or null.
 */
export function parseHttpDate(s: string): number | null {
  let m = /^([A-Za-z]{3}), (\d{2}) ([A-Za-z]{3}) (\d{4}) (\d{1,2}):(\d{2}):(\d{2}) GMT$/.exec(s);
  if (m) return isName(DAYS, m[1]) ? toMs(+m[4], m[3], +m[2], +m[5], +m[6], +m[7]) : null;
  m = /^([A-Za-z]+), (\d{2})-([A-Za-z]{3})-(\d{2}) (\d{1,2}):(\d{2}):(\d{2}) ([A-Za-z]{3,4})$/.exec(s);
  if (m) {
    if (!isName(LONG_DAYS, m[1])) return null;
    const yy = +m[4];
    return toMs(yy >= 69 ? 1900 + yy : 2000 + yy, m[3], +m[2], +m[5], +m[6], +m[7]);
  }
  m = /^([A-Za-z]{3}) ([A-Za-z]{3}) ([ \d]\d) (\d{1,2}):(\d{2}):(\d{2}) (\d{4})$/.exec(s);
  if (m) return isName(DAYS, m[1]) ? toMs(+m[7], m[2], +m[3].trim(), +m[4], +m[5], +m[6]) : null;
  return null;
}

/** Go matches day and month names ignoring ASCII case. */
function isName(list: string[], s: string): boolean {
  return list.some((n) => n.toLowerCase() === s.toLowerCase());
}

function toMs(year: number, mon: string, day: number, hh: number, mm: number, ss: number): number | null {
  const month = MONTHS.findIndex((n) => n.toLowerCase() === mon.toLowerCase());
  if (month < 0 || day < 1 || hh > 23 || mm > 59 || ss > 59) return null;
  const dt = new Date(0);
  dt.setUTCFullYear(year, month, day); // unlike Date.UTC, keeps years below 100 as they are
  dt.setUTCHours(hh, mm, ss, 0);
  if (dt.getUTCDate() !== day) return null; // e.g. Feb 30
  return dt.getTime();
}

// ---------------------------------------------------------------------------
// Range parsing with Go's rules.

const INVALID = new Error("invalid range");
const NO_OVERLAP = new Error("invalid range: failed to overlap");
const INT64_MAX = 9223372036854775807n;

function parseInt64(s: string): bigint | null {
  if (!/^[+-]?\d+$/.test(s)) return null;
  const v = BigInt(s);
  return v > INT64_MAX || v < -INT64_MAX - 1n ? null : v;
}

/**
 * Parses a Range header against a file of `size` bytes: null when there is none, else
 * the inclusive ranges. Throws INVALID for a malformed header, NO_OVERLAP when every
 * range starts past the end.
 */
export function parseRange(header: string, size: number): ByteRange[] | null {
  if (header === "") return null;
  const b = "bytes=";
  if (!header.startsWith(b)) throw INVALID;
  const out: ByteRange[] = [];
  let noOverlap = false;
  const total = BigInt(size);
  for (const part of header.slice(b.length).split(",")) {
    const ra = trimAscii(part);
    if (ra === "") continue;
    const dash = ra.indexOf("-");
    if (dash < 0) throw INVALID;
    const start = trimAscii(ra.slice(0, dash));
    const end = trimAscii(ra.slice(dash + 1));
    let rs: bigint, re: bigint;
    if (start === "") {
      // Suffix range: the last N bytes.
      if (end === "" || end[0] === "-") throw INVALID;
      let n = parseInt64(end);
      if (n === null || n < 0n) throw INVALID;
      if (n > total) n = total;
      rs = total - n;
      re = total - 1n;
    } else {
      const s = parseInt64(start);
      if (s === null || s < 0n) throw INVALID;
      if (s >= total) {
        noOverlap = true;
        continue;
      }
      rs = s;
      if (end === "") re = total - 1n;
      else {
        let e = parseInt64(end);
        if (e === null || rs > e) throw INVALID;
        if (e >= total) e = total - 1n;
        re = e;
      }
    }
    out.push({ start: Number(rs), end: Number(re) });
  }
  if (noOverlap && out.length === 0) throw NO_OVERLAP;
  return out;
}
