import { collectionFromRow, collectionToRow, type CollectionModel, type CollectionRow } from "../models/collection.js";
import { collectionsSnapshot, collectionsWritten, sqlLower, type CollectionsSnapshot } from "./collectionsCache.js";
import type { Queryable } from "./types.js";

const COLUMNS = ["id", "system", "type", "name", "schema", "indexes", "listRule", "viewRule", "createRule", "updateRule", "deleteRule", "options", "created", "updated"] as const;
const values = (c: CollectionModel) => {
  const row = collectionToRow(c) as unknown as Record<string, unknown>;
  return COLUMNS.map((k) => row[k]);
};

// Double-quoted identifiers: the same statement text on SQLite and PostgreSQL.
/** In storage (insertion) order, which SQLite's scan gives and PostgreSQL's heap does not keep after updates. */
const readAll = async (q: Queryable) =>
  (await q.all<CollectionRow>(`SELECT * FROM "_collections" ORDER BY ${q.db.dialect.rowid('"_collections"')}`)).map(collectionFromRow);

/**
 * SQL access to `_collections` (the collection rows; record tables and views are made by `db.dialect.schema`).
 * Lookups read a per-database cache of the decoded rows (collectionsCache.ts); the models
 * they return are frozen and shared. Every method runs on the `Db` or `Tx` it is given.
 */
export const collectionsRepo = {
  /** Every collection at once, for callers that look several up (e.g. a filter's relations). */
  snapshot(q: Queryable): Promise<CollectionsSnapshot> {
    return collectionsSnapshot(q, readAll);
  },

  /** All collections in storage order, as the reference lists them by default. */
  async all(q: Queryable): Promise<CollectionModel[]> {
    return [...(await this.snapshot(q)).all];
  },

  /** All collections, oldest change first (the order the reference imports and validates in). */
  async allByUpdated(q: Queryable): Promise<CollectionModel[]> {
    return (await q.all<CollectionRow>('SELECT * FROM "_collections" ORDER BY "updated" ASC')).map(collectionFromRow);
  },

  async findById(q: Queryable, id: string): Promise<CollectionModel | undefined> {
    return (await this.snapshot(q)).byId.get(id);
  },

  /** By id, or by name ignoring case (as the reference resolves `:idOrName`). */
  async findByNameOrId(q: Queryable, nameOrId: string): Promise<CollectionModel | undefined> {
    return lookup(await this.snapshot(q), nameOrId);
  },

  /** By exact name (how view queries and `@collection.*` rules find their collections). */
  async findByName(q: Queryable, name: string): Promise<CollectionModel | undefined> {
    return (await this.snapshot(q)).byName.get(name);
  },

  async findByType(q: Queryable, type: string): Promise<CollectionModel[]> {
    return (await this.snapshot(q)).all.filter((c) => c.type === type);
  },

  /** Whether another collection already uses the name (case-insensitive). */
  async nameTaken(q: Queryable, name: string, exceptId = ""): Promise<boolean> {
    return !!(await q.get('SELECT 1 FROM "_collections" WHERE LOWER("name") = LOWER(?) AND "id" != ? LIMIT 1', [name, exceptId]));
  },

  async idExists(q: Queryable, id: string): Promise<boolean> {
    return !!(await q.get('SELECT 1 FROM "_collections" WHERE "id" = ? LIMIT 1', [id]));
  },

  async insert(q: Queryable, c: CollectionModel): Promise<void> {
    await q.run(`INSERT INTO "_collections" (${COLUMNS.map((k) => `"${k}"`).join(", ")}) VALUES (${COLUMNS.map(() => "?").join(", ")})`, values(c));
    collectionsWritten(q);
  },

  async update(q: Queryable, c: CollectionModel): Promise<void> {
    const [id, ...rest] = values(c);
    await q.run(`UPDATE "_collections" SET ${COLUMNS.slice(1).map((k) => `"${k}" = ?`).join(", ")} WHERE "id" = ?`, [...rest, id]);
    collectionsWritten(q);
  },

  async delete(q: Queryable, id: string): Promise<void> {
    await q.run('DELETE FROM "_collections" WHERE "id" = ?', [id]);
    collectionsWritten(q);
  },
};

/** By id, or by name ignoring case, in a snapshot. */
export function lookup(snapshot: CollectionsSnapshot, nameOrId: string): CollectionModel | undefined {
  return snapshot.byId.get(nameOrId) ?? snapshot.byLowerName.get(sqlLower(nameOrId));
}
