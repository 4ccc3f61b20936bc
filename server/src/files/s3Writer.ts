import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from "@aws-sdk/client-s3";

/** Where a streamed object goes and what it is stored with. */
export interface ObjectTarget {
  key: string;
  contentType: string;
  /** User metadata, already encoded for S3 (see S3FileSystem). */
  metadata?: Record<string, string>;
}

export interface S3WriterOptions {
  client: S3Client;
  bucket: string;
  /** Bytes of each part; content up to this size goes up in one PUT instead. */
  partSize: number;
  /** Parts uploading at once (each holds one part in memory). */
  concurrency: number;
  /**
   * Called once, when the first bytes leave (the first full part, or the end of a small
   * file): the key may depend on what arrived by then (an upload's name on its sniffed type).
   */
  target: () => ObjectTarget;
}

type Part = { ETag: string | undefined; PartNumber: number };

/**
 * Writes one S3 object from bytes as they come, never holding more than
 * `concurrency + 1` parts: content that fits in one part goes up with a single PutObject
 * at the end, larger content as a multipart upload whose parts leave as soon as they fill.
 * `write` waits while every upload slot is busy, which slows the source down (backpressure).
 * After a failure or a change of mind, `abort()` drops whatever was sent.
 */
export class S3ObjectWriter {
  /** The first part, gathered from copies of the chunks (a small file never takes a whole part buffer). */
  private pending: Buffer[] = [];
  /** The part being filled once the upload is known to be multipart (a part-size buffer). */
  private current: Buffer | null = null;
  /** Bytes in `pending` or `current`. */
  private filled = 0;
  /** Part buffers whose upload finished, reused: memory stays at `concurrency + 1` parts, without garbage. */
  private spare: Buffer[] = [];
  private target: ObjectTarget | null = null;
  private uploadId: string | undefined;
  private readonly parts: Part[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private failure: unknown = null;
  private closed = false;

  constructor(private readonly opts: S3WriterOptions) {}

  /** The object's target once its first bytes left (null before). */
  get destination(): ObjectTarget | null {
    return this.target;
  }

  async write(chunk: Buffer): Promise<void> {
    this.check();
    const { partSize } = this.opts;
    let b = chunk;
    while (b.length) {
      // A full part leaves once more bytes follow it: content of exactly one part stays one PUT.
      if (this.filled === partSize) await this.flushPart();
      const piece = b.subarray(0, partSize - this.filled);
      if (this.current) piece.copy(this.current, this.filled);
      // A copy: the source may reuse its chunk buffers.
      else this.pending.push(Buffer.from(piece));
      this.filled += piece.length;
      b = b.subarray(piece.length);
    }
  }

  /** Sends what is left and completes the object; returns where it was stored. */
  async finish(): Promise<ObjectTarget> {
    this.check();
    const rest = this.current ? this.current.subarray(0, this.filled) : Buffer.concat(this.pending);
    this.dropBuffers();
    if (this.uploadId === undefined) {
      const target = this.resolveTarget();
      await this.opts.client.send(new PutObjectCommand({ ...this.base(target), Body: rest, ContentLength: rest.length }));
      this.closed = true;
      return target;
    }
    if (rest.length) await this.sendPart(rest);
    await Promise.all([...this.inFlight]);
    this.check();
    const target = this.target!;
    await this.opts.client.send(
      new CompleteMultipartUploadCommand({ Bucket: this.opts.bucket, Key: target.key, UploadId: this.uploadId, MultipartUpload: { Parts: this.parts } }),
    );
    this.closed = true;
    return target;
  }

  /**
   * Stops and drops the parts sent so far (AbortMultipartUpload, once the parts in flight
   * settled: S3 may keep a part that was still arriving when the upload was aborted).
   * A completed object is not this writer's to remove.
   */
  async abort(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.failure ??= new Error("upload aborted");
    this.dropBuffers();
    await Promise.allSettled([...this.inFlight]);
    if (this.uploadId === undefined) return;
    await this.opts.client.send(new AbortMultipartUploadCommand({ Bucket: this.opts.bucket, Key: this.target!.key, UploadId: this.uploadId }));
  }

  private dropBuffers(): void {
    this.pending = [];
    this.current = null;
    this.filled = 0;
    this.spare = [];
  }

  /** Sends the full part being filled and starts the next one in a spare buffer. */
  private async flushPart(): Promise<void> {
    const part = this.current ?? Buffer.concat(this.pending);
    this.pending = [];
    this.current = null;
    this.filled = 0;
    await this.sendPart(part);
    this.current = this.spare.pop() ?? Buffer.allocUnsafe(this.opts.partSize);
  }

  private check(): void {
    if (this.failure) throw this.failure;
    if (this.closed) throw new Error("upload already finished");
  }

  private resolveTarget(): ObjectTarget {
    this.target ??= this.opts.target();
    return this.target;
  }

  private base(t: ObjectTarget) {
    return { Bucket: this.opts.bucket, Key: t.key, ContentType: t.contentType, Metadata: t.metadata };
  }

  private async sendPart(body: Buffer): Promise<void> {
    if (this.uploadId === undefined) {
      const res = await this.opts.client.send(new CreateMultipartUploadCommand(this.base(this.resolveTarget())));
      this.uploadId = res.UploadId;
      if (this.uploadId === undefined) throw new Error("storage started no multipart upload");
    }
    while (this.inFlight.size >= this.opts.concurrency) await Promise.race(this.inFlight);
    this.check();
    const PartNumber = this.parts.length + 1;
    this.parts.push({ ETag: undefined, PartNumber });
    const job: Promise<void> = this.opts.client
      .send(new UploadPartCommand({ Bucket: this.opts.bucket, Key: this.target!.key, UploadId: this.uploadId, PartNumber, Body: body, ContentLength: body.length }))
      .then((res) => {
        this.parts[PartNumber - 1].ETag = res.ETag;
        if (body.length === this.opts.partSize && !this.closed) this.spare.push(body);
      })
      // Kept for the next write or finish to throw; the job itself never rejects.
      .catch((err: unknown) => {
        this.failure ??= err;
      })
      .finally(() => this.inFlight.delete(job));
    this.inFlight.add(job);
  }
}
