import { Busboy, type BusboyInstance } from "@fastify/busboy";
import type { IncomingHttpHeaders } from "node:http";
import type { Readable } from "node:stream";
import type { Spool, SpooledFile, SpoolPolicy } from "../files/spool.js";
import { badRequest, tooLarge } from "../tools/errors.js";

const LOAD_MESSAGE = "Failed to load the submitted data due to invalid formatting.";

/** Parts (text values and files together) a body may have: the reference's limit, refused with its load error. */
export const MAX_PARTS = 1000;
/** Bytes and lines of one part's headers that are read; the rest is skipped (memory stays bounded). */
export const PART_HEADER_BYTES = 80 << 10;
export const PART_HEADER_LINES = 2000;

const loadError = () => badRequest(LOAD_MESSAGE);

/**
 * Whether a multipart body held in memory has more than MAX_PARTS parts, counted from its
 * delimiters without parsing it (a body's content cannot hold one). Lets a buffered body be
 * refused before a parser spends seconds on tens of thousands of parts.
 */
export function tooManyParts(contentType: string, raw: Buffer): boolean {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) return false;
  const delimiter = Buffer.from(`\r\n--${boundary[1] ?? boundary[2]}`);
  // The first delimiter may open the body without its CRLF; the last one closes it.
  let delimiters = raw.subarray(0, delimiter.length - 2).equals(delimiter.subarray(2)) ? 1 : 0;
  for (let at = raw.indexOf(delimiter); at >= 0; at = raw.indexOf(delimiter, at + delimiter.length)) {
    if (++delimiters > MAX_PARTS + 1) return true;
  }
  return false;
}
const ignore = () => undefined;

export interface MultipartLimits {
  /** Bytes of the whole body. */
  body: number;
  /** Bytes of all text values together (form fields, `@jsonPayload`). */
  values: number;
  /** How to spool a file part of this field; undefined: count it, store nothing. */
  policy(field: string): SpoolPolicy | undefined;
}

/** A file part as it arrived (in order). */
export interface ArrivedFile {
  field: string;
  /** The part's file name, as sent. */
  filename: string;
  spooled: SpooledFile;
}

export interface ParsedMultipart {
  /** Text parts in order. */
  values: [string, string][];
  files: ArrivedFile[];
}

/**
 * Reads a multipart/form-data stream as it arrives: text parts into memory (within
 * `limits.values`), file parts through the spool (temp files or S3 objects, within their policy), the
 * whole body within `limits.body`. Rejects with 400 for a malformed body or more than
 * MAX_PARTS parts (parsing stops there) and 413 over a size limit; a client that goes away
 * rejects too. It settles only once every file part has stopped writing, so the caller's
 * `spool.cleanup()` then removes everything kept.
 */
export function readMultipart(stream: Readable, headers: IncomingHttpHeaders, limits: MultipartLimits, spool: Spool): Promise<ParsedMultipart> {
  return new Promise((resolve, reject) => {
    // Gone before the route got to its body (e.g. while it waited for its turn): nothing will arrive.
    if (stream.destroyed) return reject(new Error("request aborted"));
    const values: [string, string][] = [];
    const files: (ArrivedFile | null)[] = [];
    const writing = new Set<Promise<void>>();
    const open = new Set<Readable>();
    let failure: unknown = null;
    let received = 0;
    let valueBytes = 0;
    let ended = false;
    let parsed = false;

    const finish = () => {
      void Promise.allSettled([...writing]).then(() => {
        if (failure) reject(failure);
        else resolve({ values, files: files.filter((f): f is ArrivedFile => f !== null) });
      });
    };
    const fail = (err: unknown) => {
      if (failure) return;
      failure = err;
      stream.off("data", count);
      stream.unpipe(bb);
      // Discard the rest, so the answer reaches a client that is still sending (nothing is kept).
      stream.resume();
      for (const s of open) s.destroy(err instanceof Error ? err : new Error(String(err)));
      finish();
    };
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.body) fail(tooLarge());
    };

    let bb: BusboyInstance;
    try {
      bb = Busboy({
        headers: headers as { "content-type": string },
        // Names are cut to their base name by the records form, as before.
        preservePath: true,
        // Like the reference (Go's multipart reader): a part is a file when it names one.
        isPartAFile: (_field: string | undefined, _type: string | undefined, filename: string | undefined) => filename !== undefined,
        limits: { fieldNameSize: 64 << 10, fieldSize: limits.values + 1, parts: MAX_PARTS, headerSize: PART_HEADER_BYTES, headerPairs: PART_HEADER_LINES },
      });
    } catch {
      reject(loadError());
      return;
    }

    bb.on("field", (name: string, value: string, _nameCut: boolean, valueCut: boolean) => {
      if (failure) return;
      valueBytes += Buffer.byteLength(value);
      if (valueCut || valueBytes > limits.values) return fail(tooLarge());
      if (name) values.push([name, value]);
    });
    bb.on("file", (name: string, file: Readable, filename: string) => {
      // The parser emits a part's errors (a body cut short) on its stream, maybe before the spool
      // reads it or after a skipped part was resumed: unhandled, that error would end the process.
      // The spool still sees them, as its read of the stream fails.
      file.on("error", ignore);
      if (failure || !name || filename === "") {
        file.resume();
        return;
      }
      const slot = files.length;
      files.push(null);
      open.add(file);
      const policy = limits.policy(name) ?? { maxSize: 0, keep: false };
      const job: Promise<void> = spool
        .write(file, policy, filename)
        .then((spooled) => {
          files[slot] = { field: name, filename, spooled };
        })
        .catch((err: unknown) => fail(err))
        .finally(() => {
          open.delete(file);
          writing.delete(job);
        });
      writing.add(job);
    });
    bb.on("partsLimit", () => fail(loadError()));
    bb.on("error", () => fail(loadError()));
    bb.on("finish", () => {
      parsed = true;
      if (!failure) finish();
    });

    stream.on("data", count);
    stream.on("end", () => (ended = true));
    stream.on("error", (err) => fail(err));
    // A client that disconnects mid-body: the stream closes without ending.
    stream.on("close", () => {
      if (!ended && !parsed) fail(new Error("request aborted"));
    });
    stream.pipe(bb);
  });
}
