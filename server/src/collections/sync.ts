import type { DB } from "../db/connection.js";
import type { CollectionsRepo } from "../db/collections.js";
import { AUTH_COLUMNS, BASE_COLUMNS, copyMultipleToSingle, copySingleToMultiple, ddl } from "../db/sqlite/errorText.js";
import { columnType, isMultipleField } from "../fields/index.js";
import { verr, type VErrors } from "../fields/errors.js";
import { isAuth, viewOptions, type CollectionModel } from "../models/collection.js";
import { buildIndex, isValidIndex, parseIndex, withTable } from "../db/indexes.js";
import { randomString } from "../tools/random.js";
import { createCollectionView, createViewSchema } from "./view.js";

/**
 * Keeps record tables and views in step with their collections, with the same sequence of
 * DDL statements as the reference (so SQLite stores the same schema text). Callers run these
 * inside one transaction: any error leaves nothing applied.
 */

/** Index statements that failed, as field errors under `indexes`. */
export class IndexErrors extends Error {
  constructor(readonly errors: VErrors) {
    super("failed to create indexes");
  }
}

const tempSuffix = () => randomString(5);

/** Creates the table of a new base or auth collection with its indexes. */
export function createRecordTable(db: DB, c: CollectionModel): void {
  const columns: Record<string, string> = { ...BASE_COLUMNS, ...(isAuth(c) ? AUTH_COLUMNS : {}) };
  for (const f of c.schema) columns[f.name] = columnType(f);
  ddl.createTable(db, c.name, columns);
  if (isAuth(c)) ddl.createAuthIndexes(db, c.id, c.name);
  createCollectionIndexes(db, c);
}

/**
 * Alters the table of an existing collection: rename, dropped columns, added and renamed
 * columns (through temporary names, so names can be swapped), single/multiple value
 * conversions, then the indexes again.
 */
export function syncRecordTable(db: DB, c: CollectionModel, old: CollectionModel): void {
  dropCollectionIndexes(db, old);
  if (old.name.toLowerCase() !== c.name.toLowerCase()) ddl.renameTable(db, old.name, c.name);
  const table = c.name;
  for (const f of old.schema) {
    if (c.schema.some((x) => x.id === f.id)) continue;
    try {
      ddl.dropColumn(db, table, f.name);
    } catch (err) {
      throw new Error(`failed to drop column ${f.name} - ${sqlErrorText(err)}`);
    }
  }
  const toRename: [string, string][] = [];
  for (const f of c.schema) {
    const before = old.schema.find((x) => x.id === f.id);
    if (!before) {
      const temp = f.name + tempSuffix();
      toRename.push([temp, f.name]);
      try {
        ddl.addColumn(db, table, temp, columnType(f));
      } catch (err) {
        throw new Error(`failed to add column ${f.name} - ${sqlErrorText(err)}`);
      }
    } else if (before.name !== f.name) {
      const temp = f.name + tempSuffix();
      toRename.push([temp, f.name]);
      try {
        ddl.renameColumn(db, table, before.name, temp);
      } catch (err) {
        throw new Error(`failed to rename column ${before.name} - ${sqlErrorText(err)}`);
      }
    }
  }
  for (const [temp, name] of toRename) ddl.renameColumn(db, table, temp, name);
  convertSingleMultiple(db, c, old);
  createCollectionIndexes(db, c);
}

/** Recreates the columns whose fields switched between one value and many, converting the data. */
function convertSingleMultiple(db: DB, c: CollectionModel, old: CollectionModel): void {
  ddl.writableSchema(db, true);
  try {
    for (const f of c.schema) {
      const before = old.schema.find((x) => x.id === f.id);
      const wasMultiple = before ? isMultipleField(before) : false;
      const isMultiple = isMultipleField(f);
      if (wasMultiple === isMultiple) continue;
      const temp = "_" + f.name + tempSuffix();
      ddl.addColumn(db, c.name, temp, columnType(f));
      if (isMultiple) copySingleToMultiple(db, c.name, temp, f.name);
      else copyMultipleToSingle(db, c.name, temp, f.name);
      ddl.dropColumn(db, c.name, f.name);
      ddl.renameColumn(db, c.name, temp, f.name);
    }
  } finally {
    ddl.writableSchema(db, false);
  }
}

const indexName = (raw: string): string => {
  try {
    const idx = parseIndex(raw);
    return isValidIndex(idx) ? idx.indexName : "";
  } catch {
    return "";
  }
};

export function dropCollectionIndexes(db: DB, c: CollectionModel): void {
  for (const raw of c.indexes) {
    const name = indexName(raw);
    if (name) ddl.dropIndex(db, name);
  }
}

/**
 * Creates the collection's indexes on its table (whatever table name they were written
 * with). An index with the same name elsewhere is replaced. Failures are collected per index.
 */
export function createCollectionIndexes(db: DB, c: CollectionModel): void {
  if (c.type === "view") return;
  for (const raw of c.indexes) {
    const name = indexName(raw);
    if (name) ddl.dropIndex(db, name);
  }
  const errors: VErrors = {};
  c.indexes.forEach((raw, i) => {
    let idx;
    try {
      idx = withTable(parseIndex(raw), c.name);
    } catch {
      idx = null;
    }
    if (!idx || !isValidIndex(idx)) {
      errors[String(i)] = verr("validation_invalid_index_expression", "Invalid CREATE INDEX expression.");
      return;
    }
    try {
      ddl.createIndex(db, buildIndex(idx));
    } catch (err) {
      errors[String(i)] = verr("validation_invalid_index_expression", `Failed to create index ${idx.indexName} - ${sqlErrorText(err)}.`);
    }
  });
  if (Object.keys(errors).length) throw new IndexErrors({ indexes: errors });
}

/**
 * (Re)creates the view of a view collection and sets its schema from the query. A renamed
 * view drops the old one. Throws ViewQueryError when the query does not yield a valid view.
 */
export function saveViewCollection(db: DB, repo: CollectionsRepo, c: CollectionModel, old: CollectionModel | null): void {
  const query = viewOptions(c).query;
  const view = createViewSchema(db, repo, query);
  if (old && old.name !== c.name) ddl.dropView(db, old.name);
  createCollectionView(db, c.name, query, view.columns);
  c.schema = view.schema;
}

/** Drops the table or view of a collection. */
export function dropCollectionStorage(db: DB, c: CollectionModel): void {
  if (c.type === "view") ddl.dropView(db, c.name);
  else ddl.dropTable(db, c.name);
}
