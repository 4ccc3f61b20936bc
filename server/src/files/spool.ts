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

/** An upload already in the S3 bucket, streamed there while it arrived (files/s3Spool.ts). */
export interface StreamedObject {
  /** Where it was streamed to: the record's folder, under its stored name. */
  key: string;
  /** The stored file name (chosen when its first bytes left). */
  name: string;
  size: number;
  /**
   * Hands the object over to a record stored under `key` (copied there when it was
   * streamed elsewhere); the request's cleanup leaves it alone afterwards.
   */
  moveTo(key: string): Promise<void>;
}

/** An arrived file: its size, first bytes and, unless a limit dropped it, where it was kept. */
export interface SpooledFile<F = TempFile | StreamedObject> {
  size: number;
  /** The first SNIFF_LIMIT bytes (all of them for a shorter file). */
  head: Buffer;
  file: F | null;
  /** Storage failed while the file arrived (it was not kept, whatever the limits). */
  failed?: boolean;
}

/** One request's uploads as they arrive: kept somewhere until the record owning them is saved. */
export interface Spool {
  /** Reads a file part to its end, keeping it while `policy` lets it; `filename` as the client sent it. */
  write(source: Readable, policy: SpoolPolicy, filename: string): Promise<SpooledFile>;
  /** Removes whatever this request kept and no record took over. */
  cleanup(): Promise<void>;
}

/** An arriving file so far (what a sink may need to know, e.g. to name it). */
export interface Arrival {
  readonly size: number;
  head(): Buffer;
}

/** Where the kept bytes of one arriving file go (a temp file, an S3 object). */
export interface SpoolSink<T> {
  write(chunk: Buffer): Promise<void>;
  /** Stops keeping and removes what was written (also after a failed end). */
  drop(): Promise<void>;
  /** The file arrived whole: finishes writing it. */
  end(): Promise<T>;
}

/**
 * Reads a file stream to its end, passing its bytes to the sink while the policy lets it
 * (within `maxSize`, of an accepted type judged from the first bytes): memory stays at one
 * chunk plus what the sink buffers, whatever the size. A limit crossed drops the sink and
 * keeps counting. So does a failing sink (storage down, disk full): the file arrives as not
 * kept (`file: null`, `failed: true`) and the save refuses it. A failing stream (a client
 * gone) drops the sink and rejects.
 */
export async function spoolInto<T>(source: Readable, policy: SpoolPolicy, open: (arrival: Arrival) => Promise<SpoolSink<T>>): Promise<SpooledFile<T>> {
  const headParts: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  let headChecked = false;
  let failed = false;
  const arrival: Arrival = { get size() { return size; }, head: () => Buffer.concat(headParts) };
  let sink: SpoolSink<T> | null = null;
  const drop = async () => {
    const s = sink;
    sink = null;
    await s?.drop().catch(() => undefined);
  };
  /** Runs a sink step; a failure drops the sink (the file is then not kept). */
  const step = async <R>(fn: () => Promise<R>): Promise<R | null> => {
    try {
      return await fn();
    } catch {
      failed = true;
      await drop();
      return null;
    }
  };
  if (policy.keep !== false) sink = await step(() => open(arrival));
  try {
    for await (const c of source) {
      const chunk: Buffer = Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array);
      size += chunk.length;
      if (headLength < SNIFF_LIMIT) {
        const part = chunk.subarray(0, SNIFF_LIMIT - headLength);
        headParts.push(Buffer.from(part)); // a copy: the chunk itself is not kept
        headLength += part.length;
      }
      if (!sink) continue;
      if (policy.maxSize > 0 && size > policy.maxSize) {
        await drop();
        continue;
      }
      if (!headChecked && size > SNIFF_LIMIT && policy.acceptsHead) {
        headChecked = true;
        if (!policy.acceptsHead(arrival.head(), size)) {
          await drop();
          continue;
        }
      }
      const s: SpoolSink<T> = sink;
      await step(() => s.write(chunk));
    }
    const s: SpoolSink<T> | null = sink;
    const file = s ? await step(() => s.end()) : null;
    return { size, head: arrival.head(), file, ...(failed ? { failed } : {}) };
  } catch (err) {
    await drop();
    throw err;
  }
}

/** Buffers the write stream may hold before the upload waits for the disk. */
const WRITE_HWM = 1 << 20;

/**
 * Temp files for uploads under one directory (`<dataDir>/.tmp/uploads`, on the storage's
 * filesystem so local storage can rename them into place). Each request gets its own
 * spool and calls `cleanup()` when done, which removes whatever was not moved away.
 */
export class UploadSpool implements Spool {
  private readonly paths = new Set<string>();

  /** `md5`: hash uploads as they arrive (local storage records it). */
  constructor(
    readonly dir: string,
    private readonly opts: { md5?: boolean } = {},
  ) {}

  /**
   * Reads a file stream to its end, writing it to a temp file while the policy lets it:
   * memory stays at one chunk plus the write buffer whatever the size. Rejects (and
   * removes its temp file) when the stream fails.
   */
  write(source: Readable, policy: SpoolPolicy): Promise<SpooledFile<TempFile>> {
    return spoolInto(source, policy, () => this.tempFileSink());
  }

  private async tempFileSink(): Promise<SpoolSink<TempFile>> {
    await fsp.mkdir(this.dir, { recursive: true });
    const tmp = path.join(this.dir, randomBytes(12).toString("hex"));
    this.paths.add(tmp);
    const out = createWriteStream(tmp, { highWaterMark: WRITE_HWM });
    let writeError: Error | undefined;
    // Kept to fail the upload (an unhandled stream error would end the process).
    out.on("error", (err) => (writeError ??= err));
    const md5 = this.opts.md5 ? createHash("md5") : null;
    let size = 0;
    return {
      write: async (chunk) => {
        if (writeError) throw writeError;
        md5?.update(chunk);
        size += chunk.length;
        if (!out.write(chunk)) await waitDrain(out);
      },
      drop: async () => {
        out.destroy();
        await finished(out).catch(() => undefined);
        await fsp.rm(tmp, { force: true });
        this.paths.delete(tmp);
      },
      end: async () => {
        out.end();
        await finished(out);
        return { path: tmp, size, md5: md5?.digest("base64") };
      },
    };
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
