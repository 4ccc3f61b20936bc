import type { DB } from "../db/connection.js";
import type { EventBus } from "../events/bus.js";
import type { FilesService } from "../files/service.js";
import { transaction } from "../db/connection.js";
import { CollectionsRepo } from "../db/collections.js";
import { badRequest, notFound } from "../tools/errors.js";
import { requireAdmin, type Caller } from "../auth/caller.js";
import { DecodeError, errorsToData, type VErrors } from "../fields/errors.js";
import {
  collectionJson, type CollectionModel, COLLECTION_LIST_COLUMNS, collectionFromRow, type CollectionRow, viewOptions,
} from "../models/collection.js";
import { fieldJson, type SchemaField } from "../fields/index.js";
import { buildIndex, parseIndex } from "../db/indexes.js";
import { runList } from "../query/list.js";
import { tableResolver } from "../query/tableResolver.js";
import type { ListQuery, ListResult } from "../query/types.js";
import type { JsonValue } from "../tools/goJson.js";
import { newId } from "../tools/random.js";
import { nowString } from "../tools/time.js";
import { decodeForm, formFrom, GENERIC_MESSAGE, LOAD_MESSAGE, type CollectionForm } from "./form.js";
import { normalizedOptions } from "./options.js";
import {
  createRecordTable, dropCollectionStorage, IndexErrors, saveViewCollection, syncRecordTable,
} from "./sync.js";
import { BareBadRequest, validateForm } from "./validate.js";
import { createViewSchema } from "./view.js";
import { importCollections } from "./import.js";

const DELETE_FAILED = "Failed to delete collection due to existing dependency.";

/** A schema compared without field ids, ignoring case (how the reference detects view changes). */
const schemaKey = (schema: SchemaField<object>[]) => JSON.stringify(schema.map((f) => ({ ...fieldJson(f), id: "" }))).toLowerCase();

/**
 * Collections: listing, creating, changing and deleting them together with their record
 * tables or views, and importing a whole configuration. Errors are the reference's.
 */
export class CollectionService {
  readonly repo: CollectionsRepo;
  private readonly resolver = tableResolver("_collections", COLLECTION_LIST_COLUMNS);

  constructor(private readonly app: { db: DB; events: EventBus; files?: FilesService; dev?: boolean }) {
    this.repo = new CollectionsRepo(app.db);
  }

  get db() {
    return this.app.db;
  }

  // ------------------------------------------------------------ the API: admins only

  list(who: Caller, query: ListQuery): ListResult<ReturnType<typeof collectionJson>> {
    requireAdmin(who);
    return runList(this.app.db, {
      table: "_collections",
      resolver: this.resolver,
      query,
      mapRow: (row) => collectionJson(collectionFromRow(row as unknown as CollectionRow)),
    });
  }

  /** By id, or by name ignoring case. */
  find(idOrName: string): CollectionModel | undefined {
    return this.repo.findByNameOrId(idOrName);
  }

  all(): CollectionModel[] {
    return this.repo.all();
  }

  view(who: Caller, idOrName: string): ReturnType<typeof collectionJson> {
    requireAdmin(who);
    return collectionJson(this.loadOr404(idOrName));
  }

  /** Creates a collection from a body read lazily (after the access check). */
  create(who: Caller, read: () => JsonValue): ReturnType<typeof collectionJson> {
    requireAdmin(who);
    return collectionJson(this.save(null, read()));
  }

  update(who: Caller, idOrName: string, read: () => JsonValue): ReturnType<typeof collectionJson> {
    requireAdmin(who);
    const existing = this.loadOr404(idOrName);
    return collectionJson(this.save(existing, read()));
  }

  /**
   * Deletes a collection with its table or view, then its files. Refused for system
   * collections, collections other collections relate to, and collections a view still needs.
   */
  async delete(who: Caller, idOrName: string): Promise<void> {
    requireAdmin(who);
    const c = this.loadOr404(idOrName);
    this.deleteRecords(c);
    await this.deleteFiles(c.id);
  }

  /** Replaces or extends the collections with an imported set (see import.ts). */
  async import(who: Caller, read: () => JsonValue): Promise<void> {
    requireAdmin(who);
    const { saved, deleted } = importCollections(this, read());
    for (const c of deleted) this.app.events.emit({ type: "collection.delete", collection: c });
    for (const { collection, previous } of saved) {
      this.app.events.emit({ type: "collection.save", collection: this.repo.findById(collection.id) ?? collection, previous });
    }
    for (const c of deleted) await this.deleteFiles(c.id);
  }

  private loadOr404(idOrName: string): CollectionModel {
    const c = this.find(idOrName);
    if (!c) throw notFound();
    return c;
  }

  private save(old: CollectionModel | null, body: JsonValue): CollectionModel {
    const form = formFrom(old);
    try {
      decodeForm(form, body);
    } catch (err) {
      if (err instanceof DecodeError) throw badRequest(LOAD_MESSAGE);
      throw err;
    }
    const errors = this.validate(form, old);
    if (errors) throw badRequest(GENERIC_MESSAGE, errorsToData(errors));
    const failed = old ? "Failed to update the collection." : "Failed to create the collection.";
    const model = this.modelFrom(form, old);
    try {
      transaction(this.app.db, () => this.persist(model, old));
    } catch (err) {
      if (err instanceof IndexErrors) throw badRequest(failed, errorsToData(err.errors));
      if (this.isDev()) console.error(err);
      throw badRequest(failed);
    }
    this.resaveViews(model.id, false);
    const saved = this.repo.findById(model.id) ?? model;
    this.app.events.emit({ type: "collection.save", collection: saved, previous: old ?? undefined });
    return saved;
  }

  /** Field errors of a form (null when valid); a bare bad request for what the reference cannot process. */
  validate(form: CollectionForm, old: CollectionModel | null): VErrors | null {
    try {
      return validateForm(form, old, { db: this.app.db, repo: this.repo });
    } catch (err) {
      if (err instanceof BareBadRequest) throw badRequest(GENERIC_MESSAGE);
      throw err;
    }
  }

  /** The collection a valid form saves as. */
  private modelFrom(form: CollectionForm, old: CollectionModel | null): CollectionModel {
    const now = nowString();
    return {
      id: old ? old.id : form.id || newId(),
      created: old ? old.created : now,
      updated: now,
      name: form.name,
      type: form.type,
      system: form.system,
      schema: form.schema,
      indexes: (form.indexes ?? []).map((i) => buildIndex(parseIndex(i))),
      listRule: form.listRule,
      viewRule: form.viewRule,
      createRule: form.createRule,
      updateRule: form.updateRule,
      deleteRule: form.deleteRule,
      options: normalizedOptions(form.type, form.options),
    };
  }

  /** Writes the collection row and its table or view (inside the caller's transaction). */
  private persist(model: CollectionModel, old: CollectionModel | null): void {
    if (model.type === "view") saveViewCollection(this.app.db, this.repo, model, old);
    if (old) this.repo.update(model);
    else this.repo.insert(model);
    if (model.type === "view") return;
    if (old) syncRecordTable(this.app.db, model, old);
    else createRecordTable(this.app.db, model);
  }

  /** The database part of a delete: the row and the table or view, in one transaction; announced after commit. */
  private deleteRecords(c: CollectionModel): void {
    if (c.system || this.referencedBy(c).length > 0) throw badRequest(DELETE_FAILED);
    let views: CollectionModel[];
    try {
      views = transaction(this.app.db, () => {
        dropCollectionStorage(this.app.db, c);
        const changed = this.resaveViews(c.id, true);
        this.repo.delete(c.id);
        return changed;
      });
    } catch (err) {
      if (this.isDev()) console.error(err);
      throw badRequest(DELETE_FAILED);
    }
    this.app.events.emit({ type: "collection.delete", collection: c });
    this.announceViews(views);
  }

  /** Removes the uploaded files of a deleted collection (`<collectionId>/...`), as the reference does. */
  private async deleteFiles(collectionId: string): Promise<void> {
    await this.app.files?.deleteCollection(collectionId);
  }

  /** Other collections with a relation field to `c`. */
  referencedBy(c: CollectionModel): CollectionModel[] {
    return this.repo
      .all()
      .filter((other) => other.id !== c.id && other.schema.some((f) => f.type === "relation" && (f.options as { collectionId?: string }).collectionId === c.id));
  }

  /**
   * Regenerates the views (but the excluded collection) whose schema a change altered, as
   * the reference does after every save. All or nothing: a view whose query no longer works
   * stops it. After a delete (`strict`, inside its transaction) that failure is an error;
   * after a save it is ignored.
   */
  private resaveViews(excludeId: string, strict: boolean): CollectionModel[] {
    const db = this.app.db;
    const run = () => {
      const changed: CollectionModel[] = [];
      for (const v of this.repo.findByType("view")) {
        if (v.id === excludeId) continue;
        const next = createViewSchema(db, this.repo, viewOptions(v).query);
        if (schemaKey(next.schema) === schemaKey(v.schema)) continue;
        const model: CollectionModel = { ...v, updated: nowString() };
        saveViewCollection(db, this.repo, model, null);
        this.repo.update(model);
        changed.push(model);
      }
      return changed;
    };
    if (strict) return run();
    try {
      const changed = transaction(db, run);
      this.announceViews(changed);
    } catch (err) {
      if (this.isDev()) console.error(err);
    }
    return [];
  }

  /** `collection.save` for views a change regenerated (after their commit). */
  private announceViews(views: CollectionModel[]): void {
    for (const v of views) this.app.events.emit({ type: "collection.save", collection: v });
  }


  private isDev(): boolean {
    return this.app.dev === true;
  }
}
