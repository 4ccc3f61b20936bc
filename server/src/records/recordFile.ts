import type { Caller } from "../auth/caller.js";
import type { Db } from "../db/types.js";
import type { FilesService } from "../files/service.js";
import type { CollectionModel } from "../models/collection.js";
import { parseDownloadFlag } from "../files/recordFiles.js";
import type { LocatedFile } from "../files/locatedFile.js";
import { viewFieldOrigin } from "../collections/view.js";
import { collectionsRepo, lookup } from "../db/collections.js";
import type { CollectionsSnapshot } from "../db/collectionsCache.js";
import { recordsRepo } from "../db/records.js";
import { isMultipleField } from "../fields/index.js";
import { notFound } from "../tools/errors.js";
import type { RecordService } from "./service.js";

/** A request for a record's file, as the HTTP layer parsed it. */
export interface RecordFileQuery {
  collection: string;
  record: string;
  filename: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
}

/** What finding a record's file uses: the database, the records (view rule) and the uploads storage. */
export interface RecordFileDeps {
  db: Db;
  records: Pick<RecordService, "find" | "view">;
  files: Pick<FilesService, "authorize" | "locate">;
}

const first = (v: unknown): string | undefined => {
  const x = Array.isArray(v) ? v[0] : v;
  return typeof x === "string" ? x : undefined;
};

/**
 * A record's file or thumb: not found unless the file is listed in one of the record's file
 * fields; a protected file needs a `?token=` whose owner passes the view rule (admins
 * always). Null when the file is listed but missing from storage. Through a view, the
 * view's field options and view rule apply, and the file is read from the record of the
 * source collection that holds it.
 */
export async function locateRecordFile(deps: RecordFileDeps, q: RecordFileQuery): Promise<LocatedFile | null> {
  const collections = await collectionsRepo.snapshot(deps.db);
  const c = lookup(collections, q.collection);
  if (!c) throw notFound();
  const rec = await deps.records.find(c, q.record);
  if (!rec) throw notFound();
  const field = c.schema.find((f) => {
    if (f.type !== "file") return false;
    const v = rec[f.name];
    return Array.isArray(v) ? v.includes(q.filename) : v === q.filename;
  });
  if (!field) throw notFound();
  const opts = field.options as { protected?: boolean; thumbs?: string[] | null };
  await deps.files.authorize(!!opts.protected, first(q.query.token), async (auth) => {
    if (c.viewRule === null) return false;
    const who: Caller = { admin: false, info: { auth, method: "GET", query: q.query, headers: q.headers as Record<string, unknown>, context: "protectedFile" } };
    try {
      await deps.records.view(c, String(rec.id), who);
      return true;
    } catch {
      return false;
    }
  });
  const owner = c.type === "view" ? await viewFileOwner(deps.db, collections, c, field.name, q.filename) : { collectionId: c.id, recordId: String(rec.id) };
  if (!owner) throw notFound();
  return deps.files.locate({
    ...owner,
    filename: q.filename,
    fieldThumbs: opts.thumbs ?? null,
    thumb: first(q.query.thumb),
    download: parseDownloadFlag(first(q.query.download)),
  });
}

/** The source record that stores a file listed by a view's field (null when none does). */
async function viewFileOwner(db: Db, collections: CollectionsSnapshot, view: CollectionModel, fieldName: string, filename: string): Promise<{ collectionId: string; recordId: string } | null> {
  const origin = viewFieldOrigin(collections, view, fieldName);
  if (!origin || origin.field.type !== "file") return null;
  const row = await recordsRepo.firstHolding(db, origin.collection.name, origin.field.name, filename, isMultipleField(origin.field));
  return row ? { collectionId: origin.collection.id, recordId: String(row.id) } : null;
}
