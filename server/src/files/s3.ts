import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { promises as fsp } from "node:fs";
import { Readable } from "node:stream";
import type { S3Config } from "../models/settings.js";
import {
  assertKey,
  assertPrefix,
  FileNotFoundError,
  InvalidKeyError,
  type ByteRange,
  type FileEntry,
  type FileStat,
  type FileSystem,
  type LocalSource,
  type PutOptions,
} from "./filesystem.js";
import { S3ObjectWriter, type ObjectTarget } from "./s3Writer.js";

/** Parts of a file upload in flight at once (each holds one part in memory). */
const PART_CONCURRENCY = 3;

/** Streams up to this size go up in one PUT; larger ones as a multipart upload of parts this size. */
const PART_SIZE = 8 << 20;

export type S3Options = Pick<S3Config, "bucket" | "region" | "endpoint" | "accessKey" | "secret" | "forcePathStyle"> & {
  /** Part size of multipart uploads (S3 wants at least 5 MiB); streams up to this size go up in one PUT. */
  partSize?: number;
};

/**
 * Files in an S3-compatible bucket (settings `s3`), with the same keys as the local
 * storage at the bucket root. Content types are the objects' Content-Type and user
 * metadata their `x-amz-meta-*` headers (values percent-encoded beyond printable ASCII).
 */
export class S3FileSystem implements FileSystem {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly partSize: number;

  constructor(opts: S3Options) {
    this.bucket = opts.bucket;
    this.partSize = opts.partSize ?? PART_SIZE;
    const endpoint = opts.endpoint.trim();
    this.client = new S3Client({
      region: opts.region || "us-east-1",
      endpoint: endpoint ? (/^[a-z][a-z0-9+.-]*:\/\//i.test(endpoint) ? endpoint : `https://${endpoint}`) : undefined,
      forcePathStyle: opts.forcePathStyle,
      credentials: { accessKeyId: opts.accessKey, secretAccessKey: opts.secret },
      // Only send/verify checksums when an operation requires them: many S3-compatible
      // services do not understand the newer default checksum headers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  async put(key: string, data: Buffer | Readable, contentType: string, opts: PutOptions = {}): Promise<void> {
    assertKey(key);
    const base = { Bucket: this.bucket, Key: key, ContentType: contentType, Metadata: encodeMetadata(opts.metadata) };
    if (Buffer.isBuffer(data)) {
      await this.client.send(new PutObjectCommand({ ...base, Body: data, ContentLength: data.length }));
      return;
    }
    // Streams up to one part go up in one PUT, larger ones as a multipart upload.
    const writer = this.writer({ key, contentType, metadata: base.Metadata });
    try {
      for await (const c of data) await writer.write(typeof c === "string" ? Buffer.from(c) : Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
      await writer.finish();
    } catch (err) {
      await writer.abort().catch(() => undefined);
      throw err;
    }
  }

  /**
   * A writer streaming one object from bytes as they come (parts of `partSize`, a few in
   * flight). `target` may be a function, called when the first bytes leave.
   */
  writer(target: ObjectTarget | (() => ObjectTarget)): S3ObjectWriter {
    const resolve = typeof target === "function" ? target : () => target;
    return new S3ObjectWriter({
      client: this.client,
      bucket: this.bucket,
      partSize: this.partSize,
      concurrency: PART_CONCURRENCY,
      target: () => {
        const t = resolve();
        assertKey(t.key);
        return t;
      },
    });
  }

  /** Copies an object (content type and metadata too) to another key of the bucket. */
  async copy(from: string, to: string): Promise<void> {
    assertKey(from);
    assertKey(to);
    const source = `${this.bucket}/${from.split("/").map(encodeURIComponent).join("/")}`;
    await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: source, MetadataDirective: "COPY" }));
  }

  /**
   * Uploads a local file: one PUT up to the part size, else a multipart upload whose parts
   * are read from the file (a few at once), so memory stays flat whatever the size.
   */
  async putFile(key: string, src: LocalSource, contentType: string, opts: PutOptions = {}): Promise<void> {
    assertKey(key);
    const base = { Bucket: this.bucket, Key: key, ContentType: contentType, Metadata: encodeMetadata(opts.metadata) };
    const size = (await fsp.stat(src.path)).size;
    if (size <= this.partSize) {
      await this.client.send(new PutObjectCommand({ ...base, Body: await readRange(src.path, 0, size), ContentLength: size }));
      return;
    }
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand(base));
    const count = Math.ceil(size / this.partSize);
    const parts: { ETag: string | undefined; PartNumber: number }[] = new Array(count);
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < count; i = next++) {
        const start = i * this.partSize;
        const length = Math.min(this.partSize, size - start);
        const res = await this.client.send(
          new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId, PartNumber: i + 1, Body: await readRange(src.path, start, length), ContentLength: length }),
        );
        parts[i] = { ETag: res.ETag, PartNumber: i + 1 };
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(PART_CONCURRENCY, count) }, worker));
      await this.client.send(new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }));
    } catch (err) {
      next = count; // stop the other workers
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId })).catch(() => undefined);
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.stat(key);
      return true;
    } catch (err) {
      if (err instanceof FileNotFoundError) return false;
      throw err;
    }
  }

  async stat(key: string): Promise<FileStat> {
    assertKey(key);
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      const out: FileStat = { size: res.ContentLength ?? 0, modified: res.LastModified ?? new Date(0) };
      if (res.ContentType !== undefined) out.contentType = res.ContentType;
      const meta = decodeMetadata(res.Metadata);
      if (meta) out.metadata = meta;
      return out;
    } catch (err) {
      throw isNotFound(err) ? new FileNotFoundError(key) : err;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    assertKey(key);
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      const body = res.Body;
      if (!body) return Readable.from([]);
      // Outside Node the SDK hands out web streams.
      const stream = body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as import("node:stream/web").ReadableStream);
      if (!range) return stream;
      // Some S3-compatible servers ignore ranges, or send more than asked (e.g. for
      // bytes=0-0): cut the answer to the asked range then.
      const m = /^bytes (\d+)-(\d+)\//.exec(res.ContentRange ?? "");
      const gotStart = m ? Number(m[1]) : 0;
      const gotEnd = m ? Number(m[2]) : Infinity;
      if (gotStart === range.start && gotEnd === range.end) return stream;
      if (gotStart > range.start) throw new Error(`storage answered bytes ${gotStart}- for bytes ${range.start}-`);
      return sliceStream(stream, { start: range.start - gotStart, end: range.end - gotStart });
    } catch (err) {
      throw isNotFound(err) ? new FileNotFoundError(key) : err;
    }
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<number> {
    if (prefix === "") throw new InvalidKeyError(prefix, "an empty prefix would delete everything");
    const keys = (await this.list(prefix)).map((e) => e.key);
    // One DeleteObject per key (like the reference): works on every S3-compatible service.
    const queue = [...keys];
    const failures: unknown[] = [];
    const worker = async () => {
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })).catch((err: unknown) => failures.push(err));
      }
    };
    await Promise.all(Array.from({ length: Math.min(8, keys.length) }, worker));
    if (failures.length) throw new AggregateError(failures, `failed to delete ${failures.length} of ${keys.length} files under ${prefix}`);
    return keys.length;
  }

  async list(prefix: string): Promise<FileEntry[]> {
    assertPrefix(prefix);
    const out: FileEntry[] = [];
    let token: string | undefined;
    do {
      const res = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix || undefined, ContinuationToken: token }),
      );
      for (const o of res.Contents ?? []) {
        if (o.Key === undefined) continue;
        out.push({ key: o.Key, size: o.Size ?? 0, modified: o.LastModified ?? new Date(0) });
      }
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
    return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NotFound" || e?.name === "NoSuchKey" || e?.$metadata?.httpStatusCode === 404;
}

/**
 * Metadata values escaped like the reference's S3 storage does (Go's url.PathEscape:
 * `original-filename: Hello%20World.TXT`), and unescaped on read.
 */
export function encodeMetadata(meta: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!meta) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(meta)) out[k.toLowerCase()] = pathEscape(v);
  return out;
}

export function pathEscape(s: string): string {
  let out = "";
  for (const byte of Buffer.from(s, "utf8")) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~$&+,:;=@]/.test(c) ? c : "%" + byte.toString(16).toUpperCase().padStart(2, "0");
  }
  return out;
}

function decodeMetadata(meta: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!meta || !Object.keys(meta).length) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(meta)) {
    try {
      out[k] = decodeURIComponent(v);
    } catch {
      out[k] = v;
    }
  }
  return out;
}

/** The bytes start..end (inclusive) of a stream. */
function sliceStream(stream: Readable, range: ByteRange): Readable {
  return Readable.from(
    (async function* () {
      let pos = 0;
      for await (const c of stream) {
        const b: Buffer = Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array);
        const from = Math.max(range.start - pos, 0);
        const to = Math.min(range.end + 1 - pos, b.length);
        if (to > from) yield b.subarray(from, to);
        pos += b.length;
        if (pos > range.end) break;
      }
      stream.destroy();
    })(),
  );
}

/** Bytes start..start+length of a local file. */
async function readRange(file: string, start: number, length: number): Promise<Buffer> {
  const handle = await fsp.open(file, "r");
  try {
    const buf = Buffer.allocUnsafe(length);
    let got = 0;
    while (got < length) {
      const { bytesRead } = await handle.read(buf, got, length - got, start + got);
      if (bytesRead === 0) throw new Error(`${file} is shorter than expected`);
      got += bytesRead;
    }
    return buf;
  } finally {
    await handle.close();
  }
}
