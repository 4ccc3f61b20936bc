import type { Caller } from "../auth/caller.js";
import type { EventBus } from "../events/bus.js";
import type { FilesService } from "../files/service.js";
import type { CollectionModel } from "../models/collection.js";
import { parseDownloadFlag } from "../files/recordFiles.js";
import type { LocatedFile } from "../files/locatedFile.js";
import { viewFieldOrigin } from "../collections/view.js";
import { isMultipleField } from "../fields/index.js";
import { notFound } from "../tools/errors.js";
import type { RecordData } from "../models/record.js";
import { withResolvedModifiers } from "./ruleDataModifiers.js";
import { RecordService, type RecordServiceDeps, type SaveResult, type SubmittedBody } from "./service.js";

/** The record service's collaborators plus the uploads storage and the bus the API needs. */
export type RecordsApiDeps = RecordServiceDeps & { files: FilesService; events: EventBus };

/** A request for a record's file, as the HTTP layer parsed it. */
export interface RecordFileQuery {
  collection: string;
  record: string;
  filename: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
}

/** A multipart text as the reference types it for rules: `true`/`false` as booleans, numerals as numbers. */
function formScalar(v: string): unknown {
  if (v === "true") return true;
  if (v === "false") return false;
  if (/^-?[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?$/.test(v)) return Number(v);
  return v;
}

const first = (v: unknown): string | undefined => {
  const x = Array.isArray(v) ? v[0] : v;
  return typeof x === "string" ? x : undefined;
};

/**
 * The records API: the record service plus the record files (through the app's
 * FilesService) and the change events, which go out after commit.
 */
export class RecordsApi extends RecordService {
  private readonly env: RecordsApiDeps;

  constructor(env: RecordsApiDeps) {
    super(env);
    this.env = env;
  }

  /** The current uploads file system and thumbnailer (kept for callers of the old API; see `app.files`). */
  storage() {
    return this.env.files.storage();
  }

  /**
   * The submitted values as `@request.data` reads them: JSON (and `@jsonPayload` values) as
   * sent; multipart texts typed as the reference types them (`true`/`false` booleans,
   * numerals numbers, whatever the field), a repeated key as the list of all its values.
   * Uploads are not part of it (v0.22 reads only the form's text values).
   */
  ruleData(c: CollectionModel, body: SubmittedBody, current?: RecordData): Record<string, unknown> {
    const data = body.data;
    if (!data || typeof data !== "object" || Array.isArray(data)) return {};
    const out: Record<string, unknown> = { ...(data as Record<string, unknown>) };
    for (const [k, values] of body.texts ?? []) out[k] = values.length === 1 ? formScalar(values[0]) : values.map(formScalar);
    return withResolvedModifiers(c, data as Record<string, unknown>, out, current);
  }

  /** The caller with `@request.data` set from a submitted body. */
  withData(c: CollectionModel, body: SubmittedBody, who: Caller, current?: RecordData): Caller {
    return { ...who, info: { ...who.info, data: this.ruleData(c, body, current) } };
  }

  async createWithFiles(c: CollectionModel, body: SubmittedBody, who: Caller): Promise<RecordData> {
    const res = await this.create(c, body, who);
    await this.storeFiles(c, res);
    this.env.events.emit({ type: "record.create", collection: c, record: res.data });
    return res.data;
  }

  async updateWithFiles(c: CollectionModel, id: string, body: SubmittedBody, who: Caller): Promise<RecordData> {
    const res = await this.update(c, id, body, who);
    await this.storeFiles(c, res);
    this.env.events.emit({ type: "record.update", collection: c, record: res.data });
    return res.data;
  }

  async deleteWithFiles(c: CollectionModel, id: string, who: Caller): Promise<void> {
    const { deleted, updated } = this.delete(c, id, who);
    for (const u of updated) this.env.events.emit({ type: "record.update", collection: u.collection, record: u.record });
    for (const d of deleted) this.env.events.emit({ type: "record.delete", collection: d.collection, record: d.record });
    for (const d of deleted) await this.env.files.deleteRecord(d.collection.id, d.id);
  }

  /**
   * A record's file or thumb: not found unless the file is listed in one of the record's file
   * fields; a protected file needs a `?token=` whose owner passes the view rule (admins
   * always). Null when the file is listed but missing from storage. Through a view, the
   * view's field options and view rule apply, and the file is read from the record of the
   * source collection that holds it.
   */
  async file(q: RecordFileQuery): Promise<LocatedFile | null> {
    const c = this.env.collections.find(q.collection);
    if (!c) throw notFound();
    const rec = this.find(c, q.record);
    if (!rec) throw notFound();
    const field = c.schema.find((f) => {
      if (f.type !== "file") return false;
      const v = rec[f.name];
      return Array.isArray(v) ? v.includes(q.filename) : v === q.filename;
    });
    if (!field) throw notFound();
    const opts = field.options as { protected?: boolean; thumbs?: string[] | null };
    await this.env.files.authorize(!!opts.protected, first(q.query.token), (auth) => {
      if (c.viewRule === null) return false;
      try {
        this.view(c, String(rec.id), {
          admin: false,
          info: { auth, method: "GET", query: q.query, headers: q.headers as Record<string, unknown>, context: "protectedFile" },
        });
        return true;
      } catch {
        return false;
      }
    });
    const owner = c.type === "view" ? this.viewFileOwner(c, field.name, q.filename) : { collectionId: c.id, recordId: String(rec.id) };
    if (!owner) throw notFound();
    return this.env.files.locate({
      ...owner,
      filename: q.filename,
      fieldThumbs: opts.thumbs ?? null,
      thumb: first(q.query.thumb),
      download: parseDownloadFlag(first(q.query.download)),
    });
  }

  /** The source record that stores a file listed by a view's field (null when none does). */
  private viewFileOwner(view: CollectionModel, fieldName: string, filename: string): { collectionId: string; recordId: string } | null {
    const origin = viewFieldOrigin(this.env.collections.repo, view, fieldName);
    if (!origin || origin.field.type !== "file") return null;
    const row = this.repo.firstHolding(origin.collection.name, origin.field.name, filename, isMultipleField(origin.field));
    return row ? { collectionId: origin.collection.id, recordId: String(row.id) } : null;
  }

  /** After commit: removes the files the save dropped (its new files were stored before the row). */
  private async storeFiles(c: CollectionModel, res: SaveResult): Promise<void> {
    await this.env.files.delete(c.id, String(res.data.id), res.removedFiles);
  }
}
