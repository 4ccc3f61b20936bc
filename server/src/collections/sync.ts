import type { CardinalityChange, SchemaEditor, Tx } from "../db/types.js";
import { createCollectionView, viewQueryColumns } from "../db/viewSchema.js";
import { columnKind, isMultipleField, type SchemaField } from "../fields/index.js";
import { verr, type VErrors } from "../fields/errors.js";
import { isAuth, viewOptions, type CollectionModel } from "../models/collection.js";
import { isValidIndex, parseIndex, withTable } from "../db/indexes.js";
import { randomString } from "../tools/random.js";
import { createViewSchema } from "./view.js";

/**
 * Keeps record tables and views in step with their collections, with the same sequence of
 * DDL statements as the reference (so SQLite stores the same schema text), through the schema
 * editor of the database's engine. Callers run these inside one transaction and pass its Tx:
 * any error leaves nothing applied.
 */

/** Index statements that failed, as field errors under `indexes`. */
export class IndexErrors extends Error {
  constructor(readonly errors: VErrors) {
    super("failed to create indexes");
  }
}

const tempSuffix = () => randomString(5);

const editor = (tx: Tx): SchemaEditor => tx.db.dialect.schema;
const columnOf = (tx: Tx, f: SchemaField<object>) => editor(tx).columnDefinition(columnKind(f));

/** Creates the table of a new base or auth collection with its indexes. */
export async function createRecordTable(tx: Tx, c: CollectionModel): Promise<void> {
  const ddl = editor(tx);
  const columns: Record<string, string> = ddl.systemColumns(isAuth(c));
  for (const f of c.schema) columns[f.name] = columnOf(tx, f);
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
  const ddl = editor(tx);
  await dropCollectionIndexes(tx, old);
  if (old.name !== c.name) await ddl.renameTable(tx, old.name, c.name);
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
        await ddl.addColumn(tx, table, temp, columnOf(tx, f));
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

/** Converts the columns whose fields switched between one value and many, with their data. */
async function convertSingleMultiple(tx: Tx, c: CollectionModel, old: CollectionModel): Promise<void> {
  const changes: CardinalityChange[] = [];
  for (const f of c.schema) {
    const before = old.schema.find((x) => x.id === f.id);
    const wasMultiple = before ? isMultipleField(before) : false;
    const isMultiple = isMultipleField(f);
    if (wasMultiple !== isMultiple) changes.push({ column: f.name, toMultiple: isMultiple, definition: columnOf(tx, f) });
  }
  await editor(tx).changeCardinality(tx, c.name, changes);
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
    if (name) await editor(tx).dropIndex(tx, name);
  }
}

/**
 * Creates the collection's indexes on its table (whatever table name they were written
 * with). An index with the same name elsewhere is replaced. Failures are collected per index.
 */
export async function createCollectionIndexes(tx: Tx, c: CollectionModel): Promise<void> {
  if (c.type === "view") return;
  const ddl = editor(tx);
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
      await ddl.createIndex(tx, idx);
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
  if (old && old.name !== c.name) await editor(tx).dropView(tx, old.name);
  await createCollectionView(tx, c.name, query, view.columns);
  c.schema = view.schema;
}

/** Drops the table or view of a collection. */
export async function dropCollectionStorage(tx: Tx, c: CollectionModel): Promise<void> {
  if (c.type === "view") await editor(tx).dropView(tx, c.name);
  else await editor(tx).dropTable(tx, c.name);
}

/**
 * Makes the tables (with their indexes) and views of collections whose rows are already stored
 * elsewhere, on a database that has none of them yet (a copy into another engine, a new
 * PostgreSQL database's default collection). Views come last, each once the views it reads
 * exist. Returns the views that did not resolve (their collections stay, as a broken view
 * stays in a data directory).
 */
export async function createCollectionsStorage(tx: Tx, collections: readonly CollectionModel[]): Promise<string[]> {
  for (const c of collections) if (c.type !== "view") await createRecordTable(tx, c);
  let pending = collections.filter((c) => c.type === "view");
  for (let progress = true; progress && pending.length; ) {
    progress = false;
    const left: CollectionModel[] = [];
    for (const v of pending) {
      const query = viewOptions(v).query;
      try {
        await tx.savepoint(async (sp) => createCollectionView(sp, v.name, query, await viewQueryColumns(sp, query)));
        progress = true;
      } catch {
        left.push(v);
      }
    }
    pending = left;
  }
  return pending.map((v) => v.name);
}
