import { cachedStatement, type DB } from "./connection.js";
import { collectionFromRow, collectionToRow, type CollectionModel, type CollectionRow } from "../models/collection.js";
import { collectionsSnapshot, collectionsWritten, sqlLower } from "./collectionsCache.js";

/**
 * SQL access to `_collections` (the collection rows; record tables are in collectionsDdl.ts).
 * Lookups read a per-connection cache of the decoded rows (collectionsCache.ts); the models
 * they return are frozen and shared.
 */
export class CollectionsRepo {
  constructor(private readonly db: DB) {}

  private snapshot() {
    return collectionsSnapshot(this.db, () => (cachedStatement(this.db, "SELECT * FROM `_collections`").all() as CollectionRow[]).map(collectionFromRow));
  }

  /** All collections in storage order (rowid), as the reference lists them by default. */
  all(): CollectionModel[] {
    return [...this.snapshot().all];
  }

  /** All collections, oldest change first (the order the reference imports and validates in). */
  allByUpdated(): CollectionModel[] {
    return (cachedStatement(this.db, "SELECT * FROM `_collections` ORDER BY `updated` ASC").all() as CollectionRow[]).map(collectionFromRow);
  }

  findById(id: string): CollectionModel | undefined {
    return this.snapshot().byId.get(id);
  }

  /** By id, or by name ignoring case (as the reference resolves `:idOrName`). */
  findByNameOrId(nameOrId: string): CollectionModel | undefined {
    const snapshot = this.snapshot();
    return snapshot.byId.get(nameOrId) ?? snapshot.byLowerName.get(sqlLower(nameOrId));
  }

  /** By exact name (how view queries and `@collection.*` rules find their collections). */
  findByName(name: string): CollectionModel | undefined {
    return this.snapshot().byName.get(name);
  }

  findByType(type: string): CollectionModel[] {
    return this.snapshot().all.filter((c) => c.type === type);
  }

  /** Whether another collection already uses the name (case-insensitive). */
  nameTaken(name: string, exceptId = ""): boolean {
    return !!cachedStatement(this.db, "SELECT 1 FROM `_collections` WHERE LOWER(`name`) = LOWER(?) AND `id` != ? LIMIT 1").get(name, exceptId);
  }

  idExists(id: string): boolean {
    return !!cachedStatement(this.db, "SELECT 1 FROM `_collections` WHERE `id` = ? LIMIT 1").get(id);
  }

  insert(c: CollectionModel): void {
    cachedStatement(
      this.db,
      "INSERT INTO `_collections` (`id`, `system`, `type`, `name`, `schema`, `indexes`, `listRule`, `viewRule`, `createRule`, `updateRule`, `deleteRule`, `options`, `created`, `updated`) " +
        "VALUES (@id, @system, @type, @name, @schema, @indexes, @listRule, @viewRule, @createRule, @updateRule, @deleteRule, @options, @created, @updated)",
    ).run(collectionToRow(c));
    collectionsWritten(this.db);
  }

  update(c: CollectionModel): void {
    cachedStatement(
      this.db,
      "UPDATE `_collections` SET `system` = @system, `type` = @type, `name` = @name, `schema` = @schema, `indexes` = @indexes, `listRule` = @listRule, " +
        "`viewRule` = @viewRule, `createRule` = @createRule, `updateRule` = @updateRule, `deleteRule` = @deleteRule, `options` = @options, `created` = @created, `updated` = @updated WHERE `id` = @id",
    ).run(collectionToRow(c));
    collectionsWritten(this.db);
  }

  delete(id: string): void {
    cachedStatement(this.db, "DELETE FROM `_collections` WHERE `id` = ?").run(id);
    collectionsWritten(this.db);
  }
}
