import { cachedStatement, type DB } from "./connection.js";
import { collectionFromRow, collectionToRow, type CollectionModel, type CollectionRow } from "../collections/model.js";

/** SQL access to `_collections` (the collection rows; record tables are in collectionsDdl.ts). */
export class CollectionsRepo {
  constructor(private readonly db: DB) {}

  /** All collections in storage order (rowid), as the reference lists them by default. */
  all(): CollectionModel[] {
    return (cachedStatement(this.db, "SELECT * FROM `_collections`").all() as CollectionRow[]).map(collectionFromRow);
  }

  /** All collections, oldest change first (the order the reference imports and validates in). */
  allByUpdated(): CollectionModel[] {
    return (cachedStatement(this.db, "SELECT * FROM `_collections` ORDER BY `updated` ASC").all() as CollectionRow[]).map(collectionFromRow);
  }

  findById(id: string): CollectionModel | undefined {
    const row = cachedStatement(this.db, "SELECT * FROM `_collections` WHERE `id` = ? LIMIT 1").get(id) as CollectionRow | undefined;
    return row && collectionFromRow(row);
  }

  /** By id, or by name ignoring case (as the reference resolves `:idOrName`). */
  findByNameOrId(nameOrId: string): CollectionModel | undefined {
    const row = cachedStatement(this.db, "SELECT * FROM `_collections` WHERE `id` = ? OR LOWER(`name`) = LOWER(?) LIMIT 1").get(nameOrId, nameOrId) as
      | CollectionRow
      | undefined;
    return row && collectionFromRow(row);
  }

  /** By exact name (how view queries and `@collection.*` rules find their collections). */
  findByName(name: string): CollectionModel | undefined {
    const row = cachedStatement(this.db, "SELECT * FROM `_collections` WHERE `name` = ? LIMIT 1").get(name) as CollectionRow | undefined;
    return row && collectionFromRow(row);
  }

  findByType(type: string): CollectionModel[] {
    return (cachedStatement(this.db, "SELECT * FROM `_collections` WHERE `type` = ?").all(type) as CollectionRow[]).map(collectionFromRow);
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
  }

  update(c: CollectionModel): void {
    cachedStatement(
      this.db,
      "UPDATE `_collections` SET `system` = @system, `type` = @type, `name` = @name, `schema` = @schema, `indexes` = @indexes, `listRule` = @listRule, " +
        "`viewRule` = @viewRule, `createRule` = @createRule, `updateRule` = @updateRule, `deleteRule` = @deleteRule, `options` = @options, `created` = @created, `updated` = @updated WHERE `id` = @id",
    ).run(collectionToRow(c));
  }

  delete(id: string): void {
    cachedStatement(this.db, "DELETE FROM `_collections` WHERE `id` = ?").run(id);
  }
}
