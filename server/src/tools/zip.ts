import { createWriteStream, promises as fsp } from "node:fs";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { crc32, deflateRawSync } from "node:zlib";
import yazl from "yazl";
import yauzl from "yauzl";

/**
 * Streaming zip helpers over yazl (write) and yauzl (read). Nothing here holds a whole
 * archive or a whole entry in memory: entries are piped from and to files.
 */

/** A file to put in an archive: its name inside the zip (slash-separated) and where to read it. */
export interface ZipInput {
  name: string;
  file: string;
  mtime: Date;
  mode: number;
  /** Its size when known: files of 1 MiB or more are sampled and stored uncompressed when deflate gains nothing. */
  size?: number;
}

export interface WriteZipOptions {
  /**
   * Deflate level, 1 (fastest) to 9. Defaults to 1: on data directories (SQLite pages, text,
   * already-compressed uploads) it makes archives a few percent larger than level 6 in about
   * a third of the time.
   */
  level?: number;
  /** Told the size of each chunk read from the input files (progress reporting). */
  onBytes?: (bytes: number) => void;
}

/**
 * Writes `inputs` to `out` (a new file). A source file that vanished since it was listed
 * is stored empty rather than failing the whole archive (a live directory changes while
 * it is archived).
 */
export async function writeZip(out: string, inputs: Iterable<ZipInput>, opts: WriteZipOptions = {}): Promise<void> {
  const compressionLevel = opts.level ?? 1;
  const zip = new yazl.ZipFile();
  const done = pipeline(zip.outputStream, createWriteStream(out));
  for (const input of inputs) {
    const level = (input.size ?? 0) >= SAMPLED_SIZE && (await incompressible(input.file)) ? 0 : compressionLevel;
    zip.addReadStreamLazy(input.name, { mtime: input.mtime, mode: input.mode, compressionLevel: level }, (cb) => {
      fsp.open(input.file, "r").then(
        (handle) => {
          const stream = handle.createReadStream({ highWaterMark: 1 << 20 });
          // yazl pipes the stream within this callback, so no chunk flows before both listen.
          if (opts.onBytes) stream.on("data", (chunk: Buffer | string) => opts.onBytes!(chunk.length));
          cb(null, stream);
        },
        () => cb(null, Readable.from([])),
      );
    });
  }
  zip.end();
  await done;
}

/** Files this large are sampled before they are deflated. */
const SAMPLED_SIZE = 1 << 20;
const SAMPLE_BYTES = 64 << 10;

/**
 * Whether a file's first 64 KiB gain less than 3% from deflate (uploaded media, archives,
 * random bytes): such files are stored as they are, since deflating them is most of an
 * archive's time for no smaller archive. Unreadable files are left to the writer.
 */
async function incompressible(file: string): Promise<boolean> {
  let handle;
  try {
    handle = await fsp.open(file, "r");
    const sample = Buffer.alloc(SAMPLE_BYTES);
    const { bytesRead } = await handle.read(sample, 0, SAMPLE_BYTES, 0);
    if (bytesRead === 0) return false;
    return deflateRawSync(sample.subarray(0, bytesRead), { level: 1 }).length >= bytesRead * 0.97;
  } catch {
    return false;
  } finally {
    await handle?.close();
  }
}

/** What an archive holds, read from its central directory only. */
export interface ZipEntryInfo {
  name: string;
  directory: boolean;
  compressedSize: number;
  uncompressedSize: number;
}

/** Raised for anything that makes an archive unusable: not a zip, truncated, unsafe names, bombs. */
export class ZipError extends Error {}

/** Why an entry name could escape the target directory, or null when it is a safe relative path. */
export function unsafeEntryName(name: string): string | null {
  if (name === "") return "an empty entry name";
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(name)) return `a control character in ${JSON.stringify(name)}`;
  if (name.includes("\\")) return `a backslash in ${JSON.stringify(name)}`;
  if (name.startsWith("/") || /^[A-Za-z]:/.test(name)) return `the absolute path ${JSON.stringify(name)}`;
  const segments = name.replace(/\/$/, "").split("/");
  if (segments.some((s) => s === ".." || s === "." || s === "")) return `the path ${JSON.stringify(name)} escaping the directory`;
  return null;
}

const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;
const S_IFLNK = 0o120000;

/**
 * Why an entry cannot be extracted safely (an unsafe name, encryption, a symbolic link or
 * another special file in its Unix mode), or null. A link could point extraction (or the
 * restored data) outside the directory, so archives holding one are refused.
 */
function entryProblem(entry: yauzl.Entry): string | null {
  const problem = unsafeEntryName(entry.fileName);
  if (problem) return `the archive holds ${problem}`;
  if (entry.isEncrypted()) return `the entry ${JSON.stringify(entry.fileName)} is encrypted`;
  const type = (entry.externalFileAttributes >>> 16) & S_IFMT;
  if (type === S_IFLNK) return `the entry ${JSON.stringify(entry.fileName)} is a symbolic link`;
  if (type !== 0 && type !== S_IFDIR && type !== S_IFREG) return `the entry ${JSON.stringify(entry.fileName)} is not a file or a folder`;
  return null;
}

function open(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    // Names are checked by unsafeEntryName (raw, without yauzl's own rewriting of them).
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true }, (err, zip) =>
      err || !zip ? reject(new ZipError(`not a readable zip archive (${err?.message ?? "unknown error"})`)) : resolve(zip),
    );
  });
}

/** Iterates the central directory; `visit` may return a promise (entries are read one at a time). */
async function eachEntry(zip: yauzl.ZipFile, visit: (entry: yauzl.Entry) => void | Promise<void>): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    zip.on("error", (err: Error) => reject(new ZipError(`not a readable zip archive (${err.message})`)));
    zip.on("end", () => resolve());
    zip.on("entry", (entry: yauzl.Entry) => {
      Promise.resolve()
        .then(() => visit(entry))
        .then(
          () => zip.readEntry(),
          (err) => {
            zip.close();
            reject(err);
          },
        );
    });
    zip.readEntry();
  });
}

const isDirectory = (entry: yauzl.Entry) => entry.fileName.endsWith("/");

/** Lists an archive's entries (throws ZipError for a file that is not a complete zip or has unsafe names). */
export async function listZip(file: string): Promise<ZipEntryInfo[]> {
  const zip = await open(file);
  const out: ZipEntryInfo[] = [];
  try {
    await eachEntry(zip, (entry) => {
      const problem = entryProblem(entry);
      if (problem) throw new ZipError(problem);
      out.push({
        name: entry.fileName,
        directory: isDirectory(entry),
        compressedSize: entry.compressedSize,
        uncompressedSize: entry.uncompressedSize,
      });
    });
  } finally {
    zip.close();
  }
  return out;
}

export interface ExtractOptions {
  /** Entries whose name this returns false for are skipped. */
  filter?: (name: string) => boolean;
  /** Told the size of each uncompressed chunk written (progress reporting). */
  onBytes?: (bytes: number) => void;
}

/** Creates an entry's folder; a file of the archive already at that path (`a` then `a/b`) makes the archive unusable. */
async function makeFolder(dir: string, entryName: string): Promise<void> {
  try {
    await fsp.mkdir(dir, { recursive: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EEXIST" || code === "ENOTDIR") throw new ZipError(`the entry ${JSON.stringify(entryName)} is inside a path the archive also holds as a file`);
    throw err;
  }
}

/**
 * Extracts every entry of `file` under `dest` (which must exist), checking each entry's
 * name, its size against the central directory and its CRC-32. Throws ZipError on the
 * first problem; what was written so far stays for the caller to remove.
 */
export async function extractZip(file: string, dest: string, opts: ExtractOptions = {}): Promise<void> {
  const root = path.resolve(dest);
  const zip = await open(file);
  try {
    await eachEntry(zip, async (entry) => {
      const problem = entryProblem(entry);
      if (problem) throw new ZipError(problem);
      if (opts.filter && !opts.filter(entry.fileName)) return;
      const target = path.resolve(root, entry.fileName);
      if (target !== root && !target.startsWith(root + path.sep)) throw new ZipError(`the entry ${JSON.stringify(entry.fileName)} escapes the directory`);
      if (isDirectory(entry)) {
        await makeFolder(target, entry.fileName);
        return;
      }
      await makeFolder(path.dirname(target), entry.fileName);
      const stream = await new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (err, s) => (err || !s ? reject(new ZipError(`cannot read ${entry.fileName}: ${err?.message}`)) : resolve(s))),
      );
      let crc = 0;
      const check = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          crc = crc32(chunk, crc);
          opts.onBytes?.(chunk.length);
          cb(null, chunk);
        },
        flush(cb) {
          cb(crc >>> 0 === entry.crc32 >>> 0 ? null : new ZipError(`the entry ${JSON.stringify(entry.fileName)} is corrupt (CRC mismatch)`));
        },
      });
      try {
        await pipeline(stream, check, createWriteStream(target, { flags: "wx" }));
      } catch (err) {
        if (err instanceof ZipError) throw err;
        throw new ZipError(`cannot extract ${JSON.stringify(entry.fileName)}: ${(err as Error).message}`);
      }
    });
  } finally {
    zip.close();
  }
}
