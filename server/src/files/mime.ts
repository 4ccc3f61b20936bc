/**
 * Content sniffing as the reference does it for uploads: the detected type becomes the
 * stored file's content type (and so the served Content-Type and the thumbnail decision),
 * its extension is appended to uploaded names that have none, and file fields'
 * `mimeTypes` option is checked against it. Only the first SNIFF_LIMIT bytes are looked at.
 * The rules below were learned by uploading samples to the reference (see
 * test/files/mimeSamples.ts); types outside that list fall back to text or octet-stream.
 */
export interface Detected {
  mime: string;
  /** With the leading dot; "" when the type has no usual extension. */
  ext: string;
}

export const SNIFF_LIMIT = 3072;

const OCTET: Detected = { mime: "application/octet-stream", ext: "" };

const d = (mime: string, ext: string): Detected => ({ mime, ext });

function startsWith(buf: Buffer, sig: string | number[], offset = 0): boolean {
  const s = typeof sig === "string" ? Buffer.from(sig, "latin1") : Buffer.from(sig);
  if (buf.length < offset + s.length) return false;
  return buf.subarray(offset, offset + s.length).equals(s);
}

/**
 * Detects the type of a file from its first bytes. `totalSize` is the whole file's size
 * when `data` holds only its beginning (formats like JSON and CSV then accept a cut-off end).
 */
export function detectMime(data: Buffer, totalSize = data.length): Detected {
  const truncated = totalSize > Math.min(data.length, SNIFF_LIMIT);
  const buf = data.length > SNIFF_LIMIT ? data.subarray(0, SNIFF_LIMIT) : data;
  if (totalSize === 0 || buf.length === 0) return d("text/plain", ".txt");
  return detectMagic(buf) ?? detectText(buf, truncated);
}

function detectMagic(b: Buffer): Detected | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return d("image/png", ".png");
  if (startsWith(b, [0xff, 0xd8, 0xff])) return d("image/jpeg", ".jpg");
  if (startsWith(b, "GIF87a") || startsWith(b, "GIF89a")) return d("image/gif", ".gif");
  if (startsWith(b, "RIFF") && startsWith(b, "WEBP", 8)) return d("image/webp", ".webp");
  if (startsWith(b, "MZ")) return d("application/vnd.microsoft.portable-executable", ".exe");
  if (startsWith(b, [0x7f, 0x45, 0x4c, 0x46])) return detectElf(b);
  if (startsWith(b, "BM")) return d("image/bmp", ".bmp");
  if (startsWith(b, "%!PS-Adobe-")) return d("application/postscript", ".ps");
  if (startsWith(b, "%PDF-")) return d("application/pdf", ".pdf");
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04])) return detectZip(b);
  if (startsWith(b, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return d("application/x-7z-compressed", ".7z");
  if (startsWith(b, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00]) || startsWith(b, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00]))
    return d("application/x-rar-compressed", ".rar");
  if (startsWith(b, [0x1f, 0x8b])) return d("application/gzip", ".gz");
  if (startsWith(b, "BZh")) return d("application/x-bzip2", ".bz2");
  if (startsWith(b, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00])) return d("application/x-xz", ".xz");
  if (startsWith(b, [0x28, 0xb5, 0x2f, 0xfd])) return d("application/zstd", ".zst");
  if (isTar(b)) return d("application/x-tar", ".tar");
  if (startsWith(b, "SQLite format 3\0")) return d("application/vnd.sqlite3", ".sqlite");
  if (startsWith(b, "wOFF")) return d("font/woff", ".woff");
  if (startsWith(b, "wOF2")) return d("font/woff2", ".woff2");
  if (startsWith(b, [0x00, 0x01, 0x00, 0x00, 0x00])) return d("font/ttf", ".ttf");
  if (startsWith(b, "OTTO\0")) return d("font/otf", ".otf");
  if (startsWith(b, [0xca, 0xfe, 0xba, 0xbe]) && b.length >= 8 && b.readUInt16BE(6) >= 45) return d("application/x-java-applet", ".class");
  if (startsWith(b, "\0asm")) return d("application/wasm", ".wasm");
  if (startsWith(b, "8BPS")) return d("image/vnd.adobe.photoshop", ".psd");
  if (startsWith(b, [0x00, 0x00, 0x01, 0x00])) return d("image/x-icon", ".ico");
  if (startsWith(b, "II*\0") || startsWith(b, "MM\0*")) return d("image/tiff", ".tiff");
  if (startsWith(b, "ftyp", 4)) {
    const t = detectFtyp(b);
    if (t) return t;
  }
  if (startsWith(b, "ID3") || isMpegAudioFrame(b)) return d("audio/mpeg", ".mp3");
  if (startsWith(b, [0x66, 0x4c, 0x61, 0x43, 0x00, 0x00, 0x00, 0x22])) return d("audio/flac", ".flac");
  if (startsWith(b, "OggS")) return detectOgg(b);
  if (startsWith(b, "RIFF") && startsWith(b, "WAVE", 8)) return d("audio/wav", ".wav");
  if (startsWith(b, "RIFF") && startsWith(b, "AVI LIST", 8)) return d("video/x-msvideo", ".avi");
  if (startsWith(b, "MThd")) return d("audio/midi", ".midi");
  if (startsWith(b, "FORM") && startsWith(b, "AIFF", 8)) return d("audio/aiff", ".aiff");
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) {
    const head = b.subarray(0, 4096).toString("latin1");
    if (head.includes("webm")) return d("video/webm", ".webm");
    if (head.includes("matroska")) return d("video/x-matroska", ".mkv");
  }
  if (startsWith(b, "{\\rtf")) return d("text/rtf", ".rtf");
  return null;
}

function detectElf(b: Buffer): Detected {
  if (b.length < 18) return d("application/x-elf", "");
  const type = b[5] === 2 ? b.readUInt16BE(16) : b.readUInt16LE(16);
  switch (type) {
    case 1:
      return d("application/x-object", "");
    case 2:
      return d("application/x-executable", "");
    case 3:
      return d("application/x-sharedlib", ".so");
    case 4:
      return d("application/x-coredump", "");
    default:
      return d("application/x-elf", "");
  }
}

/** Zip-based formats are told apart by their first entries. */
function detectZip(b: Buffer): Detected {
  let off = 0;
  for (let i = 0; i < 8 && off + 30 <= b.length && b.readUInt32LE(off) === 0x04034b50; i++) {
    const compSize = b.readUInt32LE(off + 18);
    const nameLen = b.readUInt16LE(off + 26);
    const extraLen = b.readUInt16LE(off + 28);
    const name = b.subarray(off + 30, off + 30 + nameLen).toString("latin1");
    const dataStart = off + 30 + nameLen + extraLen;
    if (name === "mimetype") {
      const content = b.subarray(dataStart, dataStart + compSize).toString("latin1");
      const t = ZIP_MIMETYPE_FILE[content];
      if (t) return t;
    }
    if (name.startsWith("word/")) return d("application/vnd.openxmlformats-officedocument.wordprocessingml.document", ".docx");
    if (name.startsWith("xl/")) return d("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", ".xlsx");
    if (name.startsWith("ppt/")) return d("application/vnd.openxmlformats-officedocument.presentationml.presentation", ".pptx");
    if (name === "META-INF/MANIFEST.MF") return d("application/jar", ".jar");
    if (compSize === 0 && (b.readUInt16LE(off + 6) & 0x08) !== 0) break; // sizes follow the data: cannot skip
    off = dataStart + compSize;
  }
  return d("application/zip", ".zip");
}

const ZIP_MIMETYPE_FILE: Record<string, Detected> = {
  "application/epub+zip": d("application/epub+zip", ".epub"),
  "application/vnd.oasis.opendocument.text": d("application/vnd.oasis.opendocument.text", ".odt"),
  "application/vnd.oasis.opendocument.spreadsheet": d("application/vnd.oasis.opendocument.spreadsheet", ".ods"),
  "application/vnd.oasis.opendocument.presentation": d("application/vnd.oasis.opendocument.presentation", ".odp"),
  "application/vnd.oasis.opendocument.graphics": d("application/vnd.oasis.opendocument.graphics", ".odg"),
};

function isTar(b: Buffer): boolean {
  if (b.length < 512) return false;
  if (startsWith(b, "ustar", 257)) return true;
  // Pre-POSIX archives: only the header checksum tells.
  const field = b.subarray(148, 156).toString("latin1").replace(/[\0 ]+$/, "").trim();
  if (!/^[0-7]+$/.test(field)) return false;
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : b[i];
  return sum === parseInt(field, 8);
}

const MP4_BRANDS = new Set(["avc1", "dash", "iso2", "iso3", "iso4", "iso5", "iso6", "isom", "mmp4", "mp41", "mp42", "mp4v", "mp71", "MSNV", "NDAS", "NDSC", "NDSH", "NDSM", "NDSP", "NDSS", "NDXC", "NDXH", "NDXM", "NDXP", "NDXS", "F4V ", "F4P "]);

function detectFtyp(b: Buffer): Detected | null {
  if (b.length < 12) return null;
  const brand = b.subarray(8, 12).toString("latin1");
  if (brand === "avif" || brand === "avis") return d("image/avif", ".avif");
  if (brand === "heic" || brand === "heix") return d("image/heic", ".heic");
  if (brand === "heim" || brand === "heis" || brand === "hevm" || brand === "hevs") return d("image/heic-sequence", ".heic");
  if (brand === "mif1" || brand === "msf1") return d("image/heif", ".heif");
  if (brand === "M4A ") return d("audio/x-m4a", ".m4a");
  if (brand === "M4V " || brand === "M4VH" || brand === "M4VP") return d("video/x-m4v", ".m4v");
  if (brand === "qt  ") return d("video/quicktime", ".mov");
  if (brand.startsWith("3gp")) return d("video/3gpp", ".3gp");
  if (brand.startsWith("3g2")) return d("video/3gpp2", ".3g2");
  if (MP4_BRANDS.has(brand)) return d("video/mp4", ".mp4");
  return null;
}

/** An MPEG audio layer III frame header (MPEG-1, 2 or 2.5; protected or not). */
function isMpegAudioFrame(b: Buffer): boolean {
  if (b.length < 2) return false;
  const sync = ((b[0] << 8) | b[1]) & 0xfffe;
  return sync === 0xfffa || sync === 0xfff2 || sync === 0xffe2;
}

function detectOgg(b: Buffer): Detected {
  const page = b.subarray(28, 40).toString("latin1");
  if (page.startsWith("\x01vorbis") || page.startsWith("OpusHead") || page.startsWith("Speex   ") || page.startsWith("\x7fFLAC")) return d("audio/ogg", ".oga");
  if (page.startsWith("\x80theora")) return d("video/ogg", ".ogv");
  return d("application/ogg", ".ogg");
}

/** Bytes that mark data as binary in content sniffing (NUL and the C0 controls except TAB, LF, FF, CR, ESC). */
function isBinaryByte(c: number): boolean {
  return c <= 0x08 || c === 0x0b || (c >= 0x0e && c <= 0x1a) || (c >= 0x1c && c <= 0x1f);
}

function detectText(b: Buffer, truncated: boolean): Detected {
  if (startsWith(b, [0xff, 0xfe])) return d("text/plain; charset=utf-16le", ".txt");
  if (startsWith(b, [0xfe, 0xff])) return d("text/plain; charset=utf-16be", ".txt");
  for (const c of b) if (isBinaryByte(c)) return OCTET;
  const charset = textCharset(b, truncated);
  const withCharset = (mime: string) => (charset ? `${mime}; charset=${charset}` : mime);
  const text = b.toString(charset === "utf-8" ? "utf8" : "latin1");
  const trimmed = text.replace(/^[\t\n\f\r ]+/, "");

  if (isHtml(trimmed)) return d(withCharset("text/html"), ".html");
  if (/^<(\?xml|!--|!doctype svg|svg)/i.test(trimmed) && trimmed.includes("<svg")) return d("image/svg+xml", ".svg");
  if (trimmed.startsWith("<?xml")) {
    if (/<rss[\s>]/.test(trimmed)) return d("application/rss+xml", ".rss");
    if (/<feed[\s>]/.test(trimmed)) return d("application/atom+xml", ".atom");
    return d(withCharset("text/xml"), ".xml");
  }
  const firstLine = text.split("\n", 1)[0].replace(/[\t\r ]+$/, "");
  if (/^<\?php/i.test(text) || SHEBANG.php.includes(firstLine)) return d("text/x-php", ".php");
  if (SHEBANG.js.includes(firstLine)) return d("application/javascript", ".js");
  if (SHEBANG.lua.includes(firstLine)) return d("text/x-lua", ".lua");
  if (SHEBANG.perl.includes(firstLine)) return d("text/x-perl", ".pl");
  if (SHEBANG.python.includes(firstLine)) return d("text/x-python", ".py");
  if (/^[[{]/.test(trimmed) && isJson(trimmed, truncated)) return d("application/json", ".json");
  if (isSrt(text)) return d("application/x-subrip", ".srt");
  if (/^WEBVTT(\s|$)/.test(text)) return d("text/vtt", ".vtt");
  if (/^BEGIN:VCARD/i.test(trimmed)) return d("text/vcard", ".vcf");
  if (/^BEGIN:VCALENDAR/i.test(trimmed)) return d("text/calendar", ".ics");
  if (isSeparatedValues(text, ",", truncated)) return d("text/csv", ".csv");
  if (isSeparatedValues(text, "\t", truncated)) return d("text/tab-separated-values", ".tsv");
  return d(withCharset("text/plain"), ".txt");
}

const SHEBANG = {
  js: ["#!/bin/node", "#!/usr/bin/node", "#!/bin/nodejs", "#!/usr/bin/nodejs", "#!/usr/bin/env node", "#!/usr/bin/env nodejs"],
  lua: ["#!/usr/bin/lua", "#!/usr/local/bin/lua", "#!/usr/bin/env lua"],
  perl: ["#!/usr/bin/perl", "#!/usr/bin/env perl"],
  python: ["#!/usr/bin/python", "#!/usr/local/bin/python", "#!/usr/bin/env python"],
  php: ["#!/usr/bin/php", "#!/usr/local/bin/php", "#!/usr/bin/env php"],
};

/**
 * "utf-8" for valid UTF-8 (a multi-byte sequence cut by the sniff limit is fine),
 * "iso-8859-1" for other text without C1 bytes, "" when the charset cannot be told.
 */
function textCharset(b: Buffer, truncated: boolean): string {
  let end = b.length;
  if (truncated) {
    // Ignore a multi-byte sequence cut at the end.
    let i = end - 1;
    while (i >= 0 && end - i <= 4 && (b[i] & 0xc0) === 0x80) i--;
    if (i >= 0 && b[i] >= 0xc0) {
      const need = b[i] >= 0xf0 ? 4 : b[i] >= 0xe0 ? 3 : 2;
      if (end - i < need) end = i;
    }
  }
  if (isUtf8(b.subarray(0, end))) return "utf-8";
  for (const c of b) if (c >= 0x80 && c <= 0x9f) return "";
  return "iso-8859-1";
}

function isUtf8(b: Buffer): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(b);
    return true;
  } catch {
    return false;
  }
}

const HTML_TAGS = ["!doctype html", "html", "head", "script", "iframe", "h1", "div", "font", "table", "a", "style", "title", "b", "body", "br", "p"];

function isHtml(s: string): boolean {
  if (!s.startsWith("<")) return false;
  const lower = s.slice(0, 20).toLowerCase();
  return HTML_TAGS.some((t) => lower.startsWith(`<${t}`) && /^[ >]/.test(lower.slice(t.length + 1, t.length + 2)));
}

function isSrt(s: string): boolean {
  const lines = s.replace(/^\ufeff/, "").split(/\r?\n/);
  if (lines.length < 3 || !/^\d+$/.test(lines[0].trim())) return false;
  return /^\d{2}:\d{2}:\d{2},\d{3} --> \d{2}:\d{2}:\d{2},\d{3}/.test(lines[1]);
}

/** Whether `s` is one JSON object or array; with `truncated`, a valid beginning of one is enough. */
function isJson(s: string, truncated: boolean): boolean {
  if (!truncated) {
    try {
      const v = JSON.parse(s) as unknown;
      return typeof v === "object" && v !== null;
    } catch {
      return false;
    }
  }
  return jsonPrefixOk(s);
}

/** A JSON syntax check that accepts input ending anywhere inside the first value. */
function jsonPrefixOk(s: string): boolean {
  const stack: string[] = []; // expected closers
  type Want = "value" | "key" | "colon" | "commaOrEnd";
  let want: Want = "value";
  let i = 0;
  const n = s.length;
  const ws = (c: string) => c === " " || c === "\t" || c === "\n" || c === "\r";
  while (i < n) {
    const c = s[i];
    if (ws(c)) {
      i++;
      continue;
    }
    if (stack.length === 0 && want === "commaOrEnd") return false; // content after the value
    if (want === "value" || want === "key") {
      if (c === '"') {
        i++;
        while (i < n && s[i] !== '"') {
          if (s[i] === "\\") i++;
          else if (s.charCodeAt(i) < 0x20) return false;
          i++;
        }
        if (i >= n) return true;
        i++;
        want = want === "key" ? "colon" : "commaOrEnd";
        continue;
      }
      if (want === "key") {
        if (c === "}" && s[i - 1] !== "," && prevNonWs(s, i) === "{") {
          stack.pop();
          i++;
          want = "commaOrEnd";
          continue;
        }
        return false;
      }
      if (c === "{") {
        stack.push("}");
        want = "key";
        i++;
        continue;
      }
      if (c === "[") {
        stack.push("]");
        i++;
        // allow an empty array
        let j = i;
        while (j < n && ws(s[j])) j++;
        if (s[j] === "]") {
          stack.pop();
          i = j + 1;
          want = "commaOrEnd";
        }
        continue;
      }
      const m = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(s.slice(i, i + 400));
      if (!m) {
        // a literal or number cut by the end of input
        return /^(t(r(ue?)?)?|f(a(l(se?)?)?)?|n(u(ll?)?)?|-?[\d.eE+-]*)$/.test(s.slice(i)) && stack.length > 0;
      }
      i += m[0].length;
      want = "commaOrEnd";
      continue;
    }
    if (want === "colon") {
      if (c !== ":") return false;
      i++;
      want = "value";
      continue;
    }
    // commaOrEnd
    if (c === ",") {
      want = stack[stack.length - 1] === "}" ? "key" : "value";
      i++;
      continue;
    }
    if (c === stack[stack.length - 1]) {
      stack.pop();
      i++;
      continue;
    }
    return false;
  }
  return true;
}

function prevNonWs(s: string, i: number): string {
  let j = i - 1;
  while (j >= 0 && /\s/.test(s[j])) j--;
  return s[j] ?? "";
}

/**
 * Comma/tab separated values: at least two records with the same number (> 1) of fields.
 * A cut-off last line is ignored when the input was truncated.
 */
function isSeparatedValues(s: string, sep: string, truncated: boolean): boolean {
  if (!s.includes(sep)) return false;
  let text = s;
  if (truncated) {
    const nl = text.lastIndexOf("\n");
    if (nl < 0) return false;
    text = text.slice(0, nl + 1);
  }
  const records = parseRecords(text, sep);
  if (!records) return false;
  const nonEmpty = records.filter((r) => !(r.length === 1 && r[0] === ""));
  if (nonEmpty.length < 2) return false;
  const width = nonEmpty[0].length;
  return width > 1 && nonEmpty.every((r) => r.length === width);
}

function parseRecords(s: string, sep: string): string[][] | null {
  const out: string[][] = [];
  let field = "";
  let rec: string[] = [];
  let i = 0;
  let quoted = false;
  let atFieldStart = true;
  while (i < s.length) {
    const c = s[i];
    if (quoted) {
      if (c === '"') {
        if (s[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"' && atFieldStart) {
      quoted = true;
      atFieldStart = false;
      i++;
      continue;
    }
    if (c === sep) {
      rec.push(field);
      field = "";
      atFieldStart = true;
      i++;
      continue;
    }
    if (c === "\n" || c === "\r") {
      if (c === "\r" && s[i + 1] === "\n") i++;
      rec.push(field);
      out.push(rec);
      rec = [];
      field = "";
      atFieldStart = true;
      i++;
      continue;
    }
    field += c;
    atFieldStart = false;
    i++;
  }
  if (quoted) return null;
  if (field !== "" || rec.length) {
    rec.push(field);
    out.push(rec);
  }
  return out;
}
