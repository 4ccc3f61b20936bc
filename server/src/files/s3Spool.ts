import type { Readable } from "node:stream";
import { newId } from "../tools/random.js";
import { keyProblem } from "./filesystem.js";
import { detectMime } from "./mime.js";
import { fileKey, storedFileName, uploadBaseName } from "./names.js";
import { encodeMetadata, type S3FileSystem } from "./s3.js";
import type { S3ObjectWriter } from "./s3Writer.js";
import { spoolInto, type Arrival, type Spool, type SpooledFile, type SpoolPolicy, type SpoolSink, type StreamedObject } from "./spool.js";

/** The record folder a request's uploads stream into. */
export interface StreamFolder {
  collectionId: string;
  /** The record's id: the one updated, or the one a create will most likely take. */
  recordId: string;
}

/**
 * A request's uploads streamed straight into the S3 bucket while they arrive, under the
 * record's folder (`<collectionId>/<recordId>/<stored name>`, the name chosen from the
 * first bytes like a stored file's): a save only hands the objects over (or copies them,
 * when the record took another id than the one guessed). Every multipart upload and
 * object of the request is tracked, so `cleanup()` aborts or deletes whatever no record
 * took: a limit crossed, a client gone, a failed validation or commit leave nothing.
 */
export class S3UploadSpool implements Spool {
  /** Uploads still arriving. */
  private readonly writing = new Set<S3ObjectWriter>();
  /** Objects written and not handed over to a record. */
  private readonly stored = new Set<string>();

  constructor(
    private readonly fs: S3FileSystem,
    private readonly folder: StreamFolder,
  ) {}

  write(source: Readable, policy: SpoolPolicy, filename: string): Promise<SpooledFile<StreamedObject>> {
    return spoolInto(source, policy, async (arrival) => this.objectSink(arrival, uploadBaseName(filename)));
  }

  private objectSink(arrival: Arrival, originalName: string): SpoolSink<StreamedObject> {
    let name = "";
    const writer = this.fs.writer(() => {
      // Named like defaultPrepare in records/form.ts names any upload (same sniffing).
      const detected = detectMime(arrival.head(), arrival.size);
      name = storedFileName(originalName, { detectedExt: detected.ext });
      return { key: this.keyFor(name), contentType: detected.mime, metadata: encodeMetadata({ "original-filename": originalName }) };
    });
    this.writing.add(writer);
    return {
      write: (chunk) => writer.write(chunk),
      drop: async () => {
        this.writing.delete(writer);
        await writer.abort();
      },
      end: async () => {
        const { key } = await writer.finish();
        this.stored.add(key);
        this.writing.delete(writer);
        return { key, name, size: arrival.size, moveTo: (to) => this.moveTo(key, to) };
      },
    };
  }

  /** The key of a file in the folder; a record id that cannot be part of a key (an update of a bogus id) streams under a fresh one. */
  private keyFor(name: string): string {
    const key = fileKey(this.folder.collectionId, this.folder.recordId, name);
    return keyProblem(key) ? fileKey(this.folder.collectionId, newId(), name) : key;
  }

  private async moveTo(from: string, to: string): Promise<void> {
    if (!this.stored.has(from)) throw new Error(`upload ${from} is not waiting for a record`);
    if (from !== to) {
      await this.fs.copy(from, to);
      await this.fs.delete(from);
    }
    this.stored.delete(from);
  }

  async cleanup(): Promise<void> {
    const writers = [...this.writing];
    const keys = [...this.stored];
    this.writing.clear();
    this.stored.clear();
    await Promise.all([...writers.map((w) => w.abort().catch(() => undefined)), ...keys.map((k) => this.fs.delete(k).catch(() => undefined))]);
  }
}
