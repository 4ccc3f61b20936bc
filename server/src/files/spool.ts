import { createHash, randomBytes } from "node:crypto";
import { createWriteStream, promises as fsp, type WriteStream } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { SNIFF_LIMIT } from "./mime.js";

/** An upload's content parked on local disk until the record that owns it is saved. */
export interface TempFile {
  path: string;
  size: number;
  /** Base64 MD5 of the content, computed while it arrived when the spool was asked to (local storage records it in `.attrs`). */
  md5?: string;
}

/** What to keep of an arriving file. */
export interface SpoolPolicy {
  /** Content beyond this many bytes is dropped (0: no limit); the size keeps being counted. */
  maxSize: number;
  /**
   * Judges the first SNIFF_LIMIT bytes once more have arrived (`size` is the count so far);
   * false drops the content (a type the field refuses).
   */
  acceptsHead?: (head: Buffer, size: number) => boolean;
  /** False: only count and sniff, never write (parts nobody stores). */
  keep?: boolean;
}

/** An arrived file: its size, first bytes and, unless a limit dropped it, its temp file. */
export interface SpooledFile {
  size: number;
  /** The first SNIFF_LIMIT bytes (all of them for a shorter file). */
  head: Buffer;
  file: TempFile | null;
}

/** Buffers the write stream may hold before the upload waits for the disk. */
const WRITE_HWM = 1 << 20;

/**
 * Temp files for uploads under one directory (`<dataDir>/.tmp/uploads`, on the storage's
 * filesystem so local storage can rename them into place). Each request gets its own
 * spool and calls `cleanup()` when done, which removes whatever was not moved away.
 */
export class UploadSpool {
  private readonly paths = new Set<string>();

  /** `md5`: hash uploads as they arrive (local storage needs it; S3 does not). */
  constructor(
    readonly dir: string,
    private readonly opts: { md5?: boolean } = {},
  ) {}

  /**
   * Reads a file stream to its end, writing it to a temp file while the policy lets it:
   * memory stays at one chunk plus the write buffer whatever the size. Rejects (and
   * removes its temp file) when the stream fails.
   */
  async write(source: Readable, policy: SpoolPolicy): Promise<SpooledFile> {
    const headParts: Buffer[] = [];
    let headLength = 0;
    let size = 0;
    let headChecked = false;
    let out: WriteStream | null = null;
    let tmp: string | null = null;
    let writeError: Error | undefined;
    const md5 = this.opts.md5 ? createHash("md5") : null;
    const drop = async () => {
      if (!out) return;
      const o = out;
      out = null;
      o.destroy();
      await finished(o).catch(() => undefined);
      await fsp.rm(tmp!, { force: true });
      this.paths.delete(tmp!);
      tmp = null;
    };
    if (policy.keep !== false) {
      await fsp.mkdir(this.dir, { recursive: true });
      tmp = path.join(this.dir, randomBytes(12).toString("hex"));
      this.paths.add(tmp);
      out = createWriteStream(tmp, { highWaterMark: WRITE_HWM });
      // Kept to fail the upload below (an unhandled stream error would end the process).
      out.on("error", (err) => (writeError ??= err));
    }
    try {
      for await (const c of source) {
        const chunk: Buffer = Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array);
        size += chunk.length;
        if (headLength < SNIFF_LIMIT) {
          const part = chunk.subarray(0, SNIFF_LIMIT - headLength);
          headParts.push(Buffer.from(part)); // a copy: the chunk itself is not kept
          headLength += part.length;
        }
        if (!out) continue;
        if (writeError) throw writeError;
        if (policy.maxSize > 0 && size > policy.maxSize) {
          await drop();
          continue;
        }
        if (!headChecked && size > SNIFF_LIMIT && policy.acceptsHead) {
          headChecked = true;
          if (!policy.acceptsHead(Buffer.concat(headParts), size)) {
            await drop();
            continue;
          }
        }
        md5?.update(chunk);
        if (!(out as WriteStream).write(chunk)) await waitDrain(out);
      }
      const head = Buffer.concat(headParts);
      if (!out) return { size, head, file: null };
      const o: WriteStream = out;
      o.end();
      await finished(o);
      return { size, head, file: { path: tmp!, size, md5: md5?.digest("base64") } };
    } catch (err) {
      await drop();
      throw err;
    }
  }

  /** Removes every temp file of this spool that is still there. */
  async cleanup(): Promise<void> {
    const paths = [...this.paths];
    this.paths.clear();
    await Promise.all(paths.map((p) => fsp.rm(p, { force: true }).catch(() => undefined)));
  }
}

/** Waits until a write stream wants more, or fails if it errors or closes first. */
function waitDrain(out: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      out.off("drain", onDrain);
      out.off("error", done);
      out.off("close", onClose);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error("temp file closed"));
    out.on("drain", onDrain);
    out.on("error", done);
    out.on("close", onClose);
  });
}
