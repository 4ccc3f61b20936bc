import { collectionsRepo } from "../db/collections.js";
import type { CollectionsSnapshot } from "../db/collectionsCache.js";
import type { Db, Queryable, Tx } from "../db/types.js";
import type { EventBus } from "../events/bus.js";
import type { FilesService } from "../files/service.js";
import { badRequest, DomainError, notFound } from "../tools/errors.js";
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
import { JsonObject, type JsonValue } from "../tools/goJson.js";
import { newId } from "../tools/random.js";
import { nowString } from "../tools/time.js";
import { decodeForm, formFrom, GENERIC_MESSAGE, LOAD_MESSAGE, type CollectionForm } from "./form.js";
import { normalizedOptions } from "./options.js";
import {
  createRecordTable, dropCollectionStorage, IndexErrors, saveViewCollection, syncRecordTable,
} from "./sync.js";
import { BareBadRequest, validateForm } from "./validate.js";
import { createViewSchema } from "./view.js";
import { decodeImportBody, importCollections } from "./import.js";

const DELETE_FAILED = "Failed to delete collection due to existing dependency.";

/** A schema compared without field ids, ignoring case (how the reference detects view changes). */
const schemaKey = (schema: SchemaField<object>[]) => JSON.stringify(schema.map((f) => ({ ...fieldJson(f), id: "" }))).toLowerCase();

export interface CollectionServiceDeps {
  db: Db;
  /** Where committed changes are announced (one `collection.*` event per changed collection). */
  events: EventBus;
  /** Removes a deleted collection's uploaded files. */
  files?: Pick<FilesService, "deleteCollection">;
  /** Logs the causes of failed saves and deletes. */
  dev?: boolean;
}

/**
 * Collections: listing, creating, changing and deleting them together with their record
 * tables or views, and importing a whole configuration. Each change is one transaction
 * (rows and DDL together) announced after it commits. Errors are the reference's.
 */
export class CollectionService {
  constructor(private readonly deps: CollectionServiceDeps) {}

  get db(): Db {
    return this.deps.db;
  }

  // ------------------------------------------------------------ lookups for other services

  /** By id, or by name ignoring case. */
  find(idOrName: string): Promise<CollectionModel | undefined> {
    return collectionsRepo.findByNameOrId(this.db, idOrName);
  }

  /** Every collection at once, for synchronous lookups (`lookup(snapshot, nameOrId)`, `byName`). */
  snapshot(): Promise<CollectionsSnapshot> {
    return collectionsRepo.snapshot(this.db);
  }

  all(): Promise<CollectionModel[]> {
    return collectionsRepo.all(this.db);
  }

  // ------------------------------------------------------------ the API: admins only

  async list(who: Caller, query: ListQuery): Promise<ListResult<ReturnType<typeof collectionJson>>> {
    requireAdmin(who);
    return runList(this.db, {
      table: "_collections",
      resolver: tableResolver(this.db.dialect, "_collections", COLLECTION_LIST_COLUMNS, { kinds: { system: "bool" }, insertionOrder: true }),
      query,
      mapRow: (row) => collectionJson(collectionFromRow(row as unknown as CollectionRow)),
    });
  }

  async view(who: Caller, idOrName: string): Promise<ReturnType<typeof collectionJson>> {
    requireAdmin(who);
    return collectionJson(await this.loadOr404(this.db, idOrName));
  }

  /** Creates a collection from a body read lazily (after the access check). */
  async create(who: Caller, read: () => JsonValue): Promise<ReturnType<typeof collectionJson>> {
    requireAdmin(who);
    return collectionJson(await this.db.transaction((tx) => this.save(tx, null, read())));
  }

  async update(who: Caller, idOrName: string, read: () => JsonValue): Promise<ReturnType<typeof collectionJson>> {
    requireAdmin(who);
    const saved = await this.db.transaction(async (tx) => this.save(tx, await this.loadOr404(tx, idOrName), read()));
    return collectionJson(saved);
  }

  /**
   * Deletes a collection with its table or view, then its files. Refused for system
   * collections, collections other collections relate to, and collections a view still needs.
   */
  async delete(who: Caller, idOrName: string): Promise<void> {
    requireAdmin(who);
    const c = await this.db.transaction(async (tx) => {
      const c = await this.loadOr404(tx, idOrName);
      await this.deleteRecords(tx, c);
      return c;
    });
    await this.deleteFiles(c.id);
  }

  /** Replaces or extends the collections with an imported set (see import.ts), in one transaction. */
  async import(who: Caller, read: () => JsonValue): Promise<void> {
    requireAdmin(who);
    const input = decodeImportBody(read());
    const { deleted } = await this.db.transaction(async (tx) => {
      const result = await importCollections(tx, input, (form, old, t) => this.validate(t, form, old));
      tx.afterCommit(() => {
        for (const c of result.deleted) this.deps.events.emit({ type: "collection.delete", collection: c });
        for (const { collection, previous } of result.saved) this.deps.events.emit({ type: "collection.save", collection, previous });
      });
      return result;
    });
    for (const c of deleted) await this.deleteFiles(c.id);
  }

  // ------------------------------------------------------------ in a caller's transaction (migrations)

  /**
   * Saves a collection given as its JSON in the caller's transaction, validated and synced as
   * through the API: created when `isNew` (keeping a given id), else the stored one with the body's
   * id changed. Announced when `tx` commits.
   */
  async saveIn(tx: Tx, body: JsonValue, isNew: boolean): Promise<CollectionModel> {
    let old: CollectionModel | null = null;
    if (!isNew) {
      const id = body instanceof JsonObject ? body.entries.find(([k]) => k === "id")?.[1] : undefined;
      old = await this.loadOr404(tx, typeof id === "string" ? id : "");
    }
    return this.save(tx, old, body);
  }

  /** Deletes a collection in the caller's transaction (same refusals as `delete`); its files go once committed. */
  async deleteIn(tx: Tx, idOrName: string): Promise<void> {
    const c = await this.loadOr404(tx, idOrName);
    await this.deleteRecords(tx, c);
    tx.afterCommit(() => void this.deleteFiles(c.id).catch(() => {}));
  }

  /** `import` in the caller's transaction (`{collections, deleteMissing}` as the API takes it). */
  async importIn(tx: Tx, body: JsonValue): Promise<void> {
    const input = decodeImportBody(body);
    const result = await importCollections(tx, input, (form, old, t) => this.validate(t, form, old));
    tx.afterCommit(() => {
      for (const c of result.deleted) {
        this.deps.events.emit({ type: "collection.delete", collection: c });
        void this.deleteFiles(c.id).catch(() => {});
      }
      for (const { collection, previous } of result.saved) this.deps.events.emit({ type: "collection.save", collection, previous });
    });
  }

  private async loadOr404(q: Queryable, idOrName: string): Promise<CollectionModel> {
    const c = await collectionsRepo.findByNameOrId(q, idOrName);
    if (!c) throw notFound();
    return c;
  }

  /** Validates and writes a collection with its table or view in `tx`; announced after commit. */
  private async save(tx: Tx, old: CollectionModel | null, body: JsonValue): Promise<CollectionModel> {
    const form = formFrom(old);
    try {
      decodeForm(form, body);
    } catch (err) {
      if (err instanceof DecodeError) throw badRequest(LOAD_MESSAGE);
      throw err;
    }
    const errors = await this.validate(tx, form, old);
    if (errors) throw badRequest(GENERIC_MESSAGE, errorsToData(errors));
    const failed = old ? "Failed to update the collection." : "Failed to create the collection.";
    const model = this.modelFrom(form, old);
    try {
      await this.persist(tx, model, old);
    } catch (err) {
      if (err instanceof IndexErrors) throw badRequest(failed, errorsToData(err.errors));
      if (this.deps.dev) console.error(err);
      throw badRequest(failed);
    }
    const views = await this.resaveViews(tx, model.id, false);
    const saved = (await collectionsRepo.findById(tx, model.id)) ?? model;
    tx.afterCommit(() => {
      this.announceViews(views);
      this.deps.events.emit({ type: "collection.save", collection: saved, previous: old ?? undefined });
    });
    return saved;
  }

  /** Field errors of a form (null when valid); a bare bad request for what the reference cannot process. */
  private async validate(tx: Tx, form: CollectionForm, old: CollectionModel | null): Promise<VErrors | null> {
    try {
      return await validateForm(form, old, tx);
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

  /** Writes the collection row and its table or view. */
  private async persist(tx: Tx, model: CollectionModel, old: CollectionModel | null): Promise<void> {
    if (model.type === "view") await saveViewCollection(tx, model, old);
    if (old) await collectionsRepo.update(tx, model);
    else await collectionsRepo.insert(tx, model);
    if (model.type === "view") return;
    if (old) await syncRecordTable(tx, model, old);
    else await createRecordTable(tx, model);
  }

  /** The database part of a delete: the row and the table or view; announced after commit. */
  private async deleteRecords(tx: Tx, c: CollectionModel): Promise<void> {
    if (c.system || (await this.referencedBy(tx, c)).length > 0) throw badRequest(DELETE_FAILED);
    let views: CollectionModel[];
    try {
      await dropCollectionStorage(tx, c);
      views = await this.resaveViews(tx, c.id, true);
      await collectionsRepo.delete(tx, c.id);
    } catch (err) {
      if (err instanceof DomainError) throw err;
      if (this.deps.dev) console.error(err);
      throw badRequest(DELETE_FAILED);
    }
    tx.afterCommit(() => {
      this.deps.events.emit({ type: "collection.delete", collection: c });
      this.announceViews(views);
    });
  }

  /** Removes the uploaded files of a deleted collection (`<collectionId>/...`), as the reference does. */
  private async deleteFiles(collectionId: string): Promise<void> {
    await this.deps.files?.deleteCollection(collectionId);
  }

  /** Other collections with a relation field to `c`. */
  private async referencedBy(q: Queryable, c: CollectionModel): Promise<CollectionModel[]> {
    return (await collectionsRepo.all(q)).filter(
      (other) => other.id !== c.id && other.schema.some((f) => f.type === "relation" && (f.options as { collectionId?: string }).collectionId === c.id),
    );
  }

  /**
   * Regenerates the views (but the excluded collection) whose schema a change altered, as
   * the reference does after every save; returns them. All or nothing: a view whose query no
   * longer works stops it. After a delete (`strict`) that failure is an error; after a save
   * it is ignored (its savepoint undoes the views changed so far, and none are returned).
   */
  private async resaveViews(tx: Tx, excludeId: string, strict: boolean): Promise<CollectionModel[]> {
    const run = async (sp: Tx) => {
      const changed: CollectionModel[] = [];
      for (const v of await collectionsRepo.findByType(sp, "view")) {
        if (v.id === excludeId) continue;
        const next = await createViewSchema(sp, viewOptions(v).query);
        if (schemaKey(next.schema) === schemaKey(v.schema)) continue;
        const model: CollectionModel = { ...v, updated: nowString() };
        await saveViewCollection(sp, model, null);
        await collectionsRepo.update(sp, model);
        changed.push(model);
      }
      return changed;
    };
    if (strict) return run(tx);
    try {
      return await tx.savepoint(run);
    } catch (err) {
      if (this.deps.dev) console.error(err);
      return [];
    }
  }

  /** `collection.save` for views a change regenerated (called after their commit). */
  private announceViews(views: CollectionModel[]): void {
    for (const v of views) this.deps.events.emit({ type: "collection.save", collection: v });
  }
}
