import Database from "better-sqlite3";
import { createTableSql, AUTH_COLUMNS, BASE_COLUMNS, COLUMN } from "../../src/db/sqlite/schemaEditor.js";
import { columnKind, fieldDef, type FieldType, type SchemaField } from "../../src/fields/index.js";
import type { CollectionModel } from "../../src/models/collection.js";

/** A collection model for tests: fields as `[name, type, options?]`. */
export function makeCollection(
  id: string,
  name: string,
  fields: [string, FieldType, Record<string, unknown>?][],
  extra: Partial<CollectionModel> = {},
): CollectionModel {
  const schema: SchemaField<object>[] = fields.map(([fname, type, options]) => ({
    system: false,
    id: `f_${fname}`,
    name: fname,
    type,
    required: false,
    presentable: false,
    unique: false,
    options: fieldDef(type).decode(options ?? {}),
  }));
  return {
    id,
    created: "2024-01-01 00:00:00.000Z",
    updated: "2024-01-01 00:00:00.000Z",
    name,
    type: "base",
    system: false,
    schema,
    indexes: [],
    listRule: null,
    viewRule: null,
    createRule: null,
    updateRule: null,
    deleteRule: null,
    options: {},
    ...extra,
  };
}

/** Creates the record tables of the collections on a plain connection, shaped as the reference makes them (see sqliteFile.ts). */
export function createRecordTables(db: Database.Database, collections: CollectionModel[]): void {
  for (const c of collections) {
    const columns: Record<string, string> = { ...BASE_COLUMNS, ...(c.type === "auth" ? AUTH_COLUMNS : {}) };
    for (const f of c.schema) columns[f.name] = COLUMN[columnKind(f)];
    db.exec(createTableSql(c.name, columns));
  }
}

/** Inserts a record; arrays and objects are stored as JSON text, booleans as 0/1. */
export function insert(db: Database.Database, table: string, row: Record<string, unknown>): void {
  const entries = Object.entries(row).map(([k, v]) => [k, typeof v === "boolean" ? (v ? 1 : 0) : v !== null && typeof v === "object" ? JSON.stringify(v) : v] as const);
  const cols = entries.map(([k]) => "`" + k + "`").join(", ");
  db.prepare(`INSERT INTO \`${table}\` (${cols}) VALUES (${entries.map(() => "?").join(", ")})`).run(...entries.map(([, v]) => v));
}
