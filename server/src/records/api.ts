import type { FastifyRequest } from "fastify";
import type { App } from "../app.js";
import { ApiError } from "../tools/errors.js";
import { INVALID_BODY } from "../forms/body.js";
import type { FileSystem } from "../files/filesystem.js";
import { fileKey, recordPrefix, thumbsPrefix, uploadBaseName } from "../files/names.js";
import { createFileSystem } from "../files/storage.js";
import { Thumbnailer } from "../files/thumbs.js";
import type { CollectionModel } from "../models/collection.js";
import { castValue, type Upload } from "./form.js";
import type { RecordData } from "./model.js";
import { withResolvedModifiers } from "./ruleDataModifiers.js";
import { LOAD_MESSAGE, RecordService, type Requester, type SaveResult, type SubmittedBody } from "./service.js";

/** Marks a multipart body the HTTP layer handed over undecoded. */
export const MULTIPART = Symbol("multipart body");

interface RawMultipart {
  [MULTIPART]: true;
  contentType: string;
  raw: Buffer;
}

const isRawMultipart = (b: unknown): b is RawMultipart => typeof b === "object" && b !== null && MULTIPART in b;

/**
 * The records API over the record service plus the uploads storage: reads JSON and
 * multipart bodies, stores new files under `<collectionId>/<recordId>/` after a save and
 * removes the files a save or a delete dropped.
 */
export class RecordsApi extends RecordService {
  private fsCache: { fs: FileSystem; thumbs: Thumbnailer } | null = null;

  private readonly env: Pick<App, "db" | "collections" | "dataDir" | "settings" | "events"> & Partial<Pick<App, "dev">>;

  constructor(env: Pick<App, "db" | "collections" | "dataDir" | "settings" | "events"> & Partial<Pick<App, "dev">>) {
    super(env);
    this.env = env;
    env.settings.onChange(() => {
      const old = this.fsCache;
      this.fsCache = null;
      void old?.fs.close().catch(() => undefined);
    });
  }

  /** The current uploads file system (S3 or local, per settings). */
  storage(): { fs: FileSystem; thumbs: Thumbnailer } {
    if (!this.fsCache) {
      const fs = createFileSystem(this.env.dataDir, this.env.settings.get().s3);
      this.fsCache = { fs, thumbs: new Thumbnailer(fs, (err) => this.env.dev && console.error(err)) };
    }
    return this.fsCache;
  }

  /** Reads a JSON, urlencoded or multipart body (form fields, `@jsonPayload`, files by field). */
  async readBody(_c: CollectionModel, req: FastifyRequest): Promise<SubmittedBody> {
    const files = new Map<string, Upload[]>();
    const body = req.body;
    if (!isRawMultipart(body)) return { data: body === undefined ? INVALID_BODY : body, files };
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body.raw), { headers: { "content-type": body.contentType } }).formData();
    } catch {
      throw new ApiError(400, LOAD_MESSAGE);
    }
    const data: Record<string, unknown> = {};
    const add = (k: string, v: unknown) => {
      if (!(k in data)) data[k] = v;
      else if (Array.isArray(data[k])) (data[k] as unknown[]).push(v);
      else data[k] = [data[k], v];
    };
    let payload: string | undefined;
    for (const [key, value] of form.entries()) {
      if (typeof value !== "string") {
        if (value.name === "") continue;
        const list = files.get(key) ?? [];
        list.push({ originalName: uploadBaseName(value.name), data: Buffer.from(await value.arrayBuffer()) });
        files.set(key, list);
      } else if (key === "@jsonPayload") {
        payload = value;
      } else add(key, value);
    }
    if (payload !== undefined) {
      // A payload that is not a JSON object is ignored, as the reference does.
      let parsed: unknown;
      try {
        parsed = JSON.parse(payload);
      } catch {
        parsed = null;
      }
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) Object.assign(data, parsed);
    }
    const submitted = { data, files };
    this.multipartBodies.add(submitted);
    return submitted;
  }

  /**
   * The submitted values as `@request.data` reads them: JSON as sent; multipart texts cast
   * to their fields' types (numbers, booleans, lists), uploads as their file names.
   */
  ruleData(c: CollectionModel, body: SubmittedBody, current?: RecordData): Record<string, unknown> {
    const data = body.data;
    if (!data || typeof data !== "object" || Array.isArray(data)) return {};
    const out: Record<string, unknown> = { ...(data as Record<string, unknown>) };
    if (body.files.size === 0 && !this.multipartBodies.has(body)) return withResolvedModifiers(c, data as Record<string, unknown>, out, current);
    for (const f of c.schema) {
      if (f.name in out) out[f.name] = castValue(f, out[f.name]);
      const uploads = body.files.get(f.name);
      if (uploads?.length) out[f.name] = uploads.map((u) => u.originalName);
    }
    return withResolvedModifiers(c, data as Record<string, unknown>, out, current);
  }

  private readonly multipartBodies = new WeakSet<SubmittedBody>();

  async createWithFiles(c: CollectionModel, body: SubmittedBody, who: Requester): Promise<RecordData> {
    const res = await this.create(c, body, who);
    await this.storeFiles(c, res);
    this.env.events.emit({ type: "record.create", collection: c, record: res.data });
    return res.data;
  }

  async updateWithFiles(c: CollectionModel, id: string, body: SubmittedBody, who: Requester): Promise<RecordData> {
    const res = await this.update(c, id, body, who);
    await this.storeFiles(c, res);
    this.env.events.emit({ type: "record.update", collection: c, record: res.data });
    return res.data;
  }

  async deleteWithFiles(c: CollectionModel, id: string, who: Requester): Promise<void> {
    const { deleted, updated } = this.delete(c, id, who);
    for (const u of updated) this.env.events.emit({ type: "record.update", collection: u.collection, record: u.record });
    for (const d of deleted) this.env.events.emit({ type: "record.delete", collection: d.collection, record: d.record });
    const { fs } = this.storage();
    for (const d of deleted) {
      try {
        await fs.deletePrefix(recordPrefix(d.collection.id, d.id));
      } catch (err) {
        if (this.env.dev) console.error(err);
      }
    }
  }

  private async storeFiles(c: CollectionModel, res: SaveResult): Promise<void> {
    if (res.uploads.length === 0 && res.removedFiles.length === 0) return;
    const { fs } = this.storage();
    const id = String(res.data.id);
    for (const u of res.uploads) {
      await fs.put(fileKey(c.id, id, u.name), u.data, u.mime, { metadata: { "original-filename": u.originalName } });
    }
    for (const name of res.removedFiles) {
      try {
        await fs.delete(fileKey(c.id, id, name));
        await fs.deletePrefix(thumbsPrefix(c.id, id, name));
      } catch (err) {
        if (this.env.dev) console.error(err);
      }
    }
  }

  async close(): Promise<void> {
    await this.fsCache?.fs.close();
    this.fsCache = null;
  }
}
