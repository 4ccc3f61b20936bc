import { AUTH_COLUMNS, BASE_COLUMNS, copyMultipleToSingle, copySingleToMultiple, ddl } from "../db/collectionsDdl.js";
import type { Tx } from "../db/types.js";
import { createCollectionView } from "../db/viewSchema.js";
import { columnType, isMultipleField } from "../fields/index.js";
import { verr, type VErrors } from "../fields/errors.js";
import { isAuth, viewOptions, type CollectionModel } from "../models/collection.js";
import { buildIndex, isValidIndex, parseIndex, withTable } from "../db/indexes.js";
import { randomString } from "../tools/random.js";
import { createViewSchema } from "./view.js";

/**
 * Keeps record tables and views in step with their collections, with the same sequence of
 * DDL statements as the reference (so SQLite stores the same schema text). Callers run these
 * inside one transaction and pass its Tx: any error leaves nothing applied.
 */

/** Index statements that failed, as field errors under `indexes`. */
export class IndexErrors extends Error {
  constructor(readonly errors: VErrors) {
    super("failed to create indexes");
  }
}

const tempSuffix = () => randomString(5);

/** Creates the table of a new base or auth collection with its indexes. */
export async function createRecordTable(tx: Tx, c: CollectionModel): Promise<void> {
  const columns: Record<string, string> = { ...BASE_COLUMNS, ...(isAuth(c) ? AUTH_COLUMNS : {}) };
  for (const f of c.schema) columns[f.name] = columnType(f);
  await ddl.createTable(tx, c.name, columns);
  if (isAuth(c)) await ddl.createAuthIndexes(tx, c.id, c.name);
  await createCollectionIndexes(tx, c);
}

/**
 * Alters the table of an existing collection: rename, dropped columns, added and renamed
 * columns (through temporary names, so names can be swapped), single/multiple value
 * conversions, then the indexes again.
 */
export async function syncRecordTable(tx: Tx, c: CollectionModel, old: CollectionModel): Promise<void> {
  await dropCollectionIndexes(tx, old);
  if (old.name.toLowerCase() !== c.name.toLowerCase()) await ddl.renameTable(tx, old.name, c.name);
  const table = c.name;
  for (const f of old.schema) {
    if (c.schema.some((x) => x.id === f.id)) continue;
    try {
      await ddl.dropColumn(tx, table, f.name);
    } catch (err) {
      throw new Error(`failed to drop column ${f.name} - ${tx.db.dialect.errorText(err)}`);
    }
  }
  const toRename: [string, string][] = [];
  for (const f of c.schema) {
    const before = old.schema.find((x) => x.id === f.id);
    if (!before) {
      const temp = f.name + tempSuffix();
      toRename.push([temp, f.name]);
      try {
        await ddl.addColumn(tx, table, temp, columnType(f));
      } catch (err) {
        throw new Error(`failed to add column ${f.name} - ${tx.db.dialect.errorText(err)}`);
      }
    } else if (before.name !== f.name) {
      const temp = f.name + tempSuffix();
      toRename.push([temp, f.name]);
      try {
        await ddl.renameColumn(tx, table, before.name, temp);
      } catch (err) {
        throw new Error(`failed to rename column ${before.name} - ${tx.db.dialect.errorText(err)}`);
      }
    }
  }
  for (const [temp, name] of toRename) await ddl.renameColumn(tx, table, temp, name);
  await convertSingleMultiple(tx, c, old);
  await createCollectionIndexes(tx, c);
}

/** Recreates the columns whose fields switched between one value and many, converting the data. */
async function convertSingleMultiple(tx: Tx, c: CollectionModel, old: CollectionModel): Promise<void> {
  await ddl.writableSchema(tx, true);
  try {
    for (const f of c.schema) {
      const before = old.schema.find((x) => x.id === f.id);
      const wasMultiple = before ? isMultipleField(before) : false;
      const isMultiple = isMultipleField(f);
      if (wasMultiple === isMultiple) continue;
      const temp = "_" + f.name + tempSuffix();
      await ddl.addColumn(tx, c.name, temp, columnType(f));
      if (isMultiple) await copySingleToMultiple(tx, c.name, temp, f.name);
      else await copyMultipleToSingle(tx, c.name, temp, f.name);
      await ddl.dropColumn(tx, c.name, f.name);
      await ddl.renameColumn(tx, c.name, temp, f.name);
    }
  } finally {
    await ddl.writableSchema(tx, false);
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

export async function dropCollectionIndexes(tx: Tx, c: CollectionModel): Promise<void> {
  for (const raw of c.indexes) {
    const name = indexName(raw);
    if (name) await ddl.dropIndex(tx, name);
  }
}

/**
 * Creates the collection's indexes on its table (whatever table name they were written
 * with). An index with the same name elsewhere is replaced. Failures are collected per index.
 */
export async function createCollectionIndexes(tx: Tx, c: CollectionModel): Promise<void> {
  if (c.type === "view") return;
  for (const raw of c.indexes) {
    const name = indexName(raw);
    if (name) await ddl.dropIndex(tx, name);
  }
  const errors: VErrors = {};
  for (const [i, raw] of c.indexes.entries()) {
    let idx;
    try {
      idx = withTable(parseIndex(raw), c.name);
    } catch {
      idx = null;
    }
    if (!idx || !isValidIndex(idx)) {
      errors[String(i)] = verr("validation_invalid_index_expression", "Invalid CREATE INDEX expression.");
      continue;
    }
    try {
      await ddl.createIndex(tx, buildIndex(idx));
    } catch (err) {
      errors[String(i)] = verr("validation_invalid_index_expression", `Failed to create index ${idx.indexName} - ${tx.db.dialect.errorText(err)}.`);
    }
  }
  if (Object.keys(errors).length) throw new IndexErrors({ indexes: errors });
}

/**
 * (Re)creates the view of a view collection and sets its schema from the query. A renamed
 * view drops the old one. Throws ViewQueryError when the query does not yield a valid view.
 */
export async function saveViewCollection(tx: Tx, c: CollectionModel, old: CollectionModel | null): Promise<void> {
  const query = viewOptions(c).query;
  const view = await createViewSchema(tx, query);
  if (old && old.name !== c.name) await ddl.dropView(tx, old.name);
  await createCollectionView(tx, c.name, query, view.columns);
  c.schema = view.schema;
}

/** Drops the table or view of a collection. */
export async function dropCollectionStorage(tx: Tx, c: CollectionModel): Promise<void> {
  if (c.type === "view") await ddl.dropView(tx, c.name);
  else await ddl.dropTable(tx, c.name);
}
