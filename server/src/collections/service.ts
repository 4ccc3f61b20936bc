import type { App } from "../app.js";
import { transaction } from "../db/connection.js";
import { CollectionsRepo } from "../db/collections.js";
import { ApiError } from "../tools/errors.js";
import { DecodeError, errorsToData, type VErrors } from "../fields/errors.js";
import {
  collectionJson, type CollectionModel, COLLECTION_LIST_COLUMNS, collectionFromRow, type CollectionRow, viewOptions,
} from "./model.js";
import { fieldJson, type SchemaField } from "../fields/index.js";
import { buildIndex, parseIndex } from "./indexes.js";
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
import { createFileSystem } from "../files/storage.js";

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

  constructor(private readonly app: Pick<App, "db"> & Partial<Pick<App, "dataDir" | "settings" | "dev">>) {
    this.repo = new CollectionsRepo(app.db);
  }

  get db() {
    return this.app.db;
  }

  list(query: ListQuery): ListResult<ReturnType<typeof collectionJson>> {
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

  create(body: JsonValue): CollectionModel {
    return this.save(null, body);
  }

  update(existing: CollectionModel, body: JsonValue): CollectionModel {
    return this.save(existing, body);
  }

  private save(old: CollectionModel | null, body: JsonValue): CollectionModel {
    const form = formFrom(old);
    try {
      decodeForm(form, body);
    } catch (err) {
      if (err instanceof DecodeError) throw new ApiError(400, LOAD_MESSAGE);
      throw err;
    }
    const errors = this.validate(form, old);
    if (errors) throw new ApiError(400, GENERIC_MESSAGE, errorsToData(errors));
    const failed = old ? "Failed to update the collection." : "Failed to create the collection.";
    const model = this.modelFrom(form, old);
    try {
      transaction(this.app.db, () => this.persist(model, old));
    } catch (err) {
      if (err instanceof IndexErrors) throw new ApiError(400, failed, errorsToData(err.errors));
      if (this.isDev()) console.error(err);
      throw new ApiError(400, failed);
    }
    this.resaveViews(model.id, false);
    return this.repo.findById(model.id) ?? model;
  }

  /** Field errors of a form (null when valid); a bare 400 for what the reference cannot process. */
  validate(form: CollectionForm, old: CollectionModel | null): VErrors | null {
    try {
      return validateForm(form, old, { db: this.app.db, repo: this.repo });
    } catch (err) {
      if (err instanceof BareBadRequest) throw new ApiError(400, GENERIC_MESSAGE);
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

  /**
   * Deletes a collection with its table or view. Refused for system collections, collections
   * other collections relate to, and collections a view still needs.
   */
  async delete(c: CollectionModel): Promise<void> {
    this.deleteRecords(c);
    await this.deleteFiles(c.id);
  }

  /** The database part of a delete: the row and the table or view, in one transaction. */
  deleteRecords(c: CollectionModel): void {
    if (c.system || this.referencedBy(c).length > 0) throw new ApiError(400, DELETE_FAILED);
    try {
      transaction(this.app.db, () => {
        dropCollectionStorage(this.app.db, c);
        this.resaveViews(c.id, true);
        this.repo.delete(c.id);
      });
    } catch (err) {
      if (this.isDev()) console.error(err);
      throw new ApiError(400, DELETE_FAILED);
    }
  }

  /** Removes the uploaded files of a deleted collection (`<collectionId>/...`), as the reference does. */
  private async deleteFiles(collectionId: string): Promise<void> {
    const { dataDir, settings } = this.app;
    if (!dataDir || !settings) return;
    const fs = createFileSystem(dataDir, settings.get().s3);
    try {
      await fs.deletePrefix(collectionId + "/");
    } catch (err) {
      if (this.isDev()) console.error(err);
    } finally {
      await fs.close();
    }
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
  private resaveViews(excludeId: string, strict: boolean): void {
    const db = this.app.db;
    const run = () => {
      for (const v of this.repo.findByType("view")) {
        if (v.id === excludeId) continue;
        const next = createViewSchema(db, this.repo, viewOptions(v).query);
        if (schemaKey(next.schema) === schemaKey(v.schema)) continue;
        const model: CollectionModel = { ...v, updated: nowString() };
        saveViewCollection(db, this.repo, model, null);
        this.repo.update(model);
      }
    };
    if (strict) {
      run();
      return;
    }
    try {
      transaction(db, run);
    } catch (err) {
      if (this.isDev()) console.error(err);
    }
  }

  async import(body: JsonValue): Promise<void> {
    for (const id of importCollections(this, body)) await this.deleteFiles(id);
  }

  private isDev(): boolean {
    return this.app.dev === true;
  }
}
