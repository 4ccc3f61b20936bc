import type { Collection, SchemaField } from "../data/collections/types";

/** A schema field for tests: optional, not presentable, its id the same as its name. */
export function schemaField(name: string, type: string, options: Record<string, unknown> = {}, extra: Partial<SchemaField> = {}): SchemaField {
  return { id: name, name, type, system: false, required: false, presentable: false, options, ...extra };
}

/** A collection for tests, without rules or indexes; its id is the name with "_id". */
export function testCollection(name: string, type: Collection["type"], schema: SchemaField[], options: Record<string, unknown> = {}): Collection {
  return { id: name + "_id", created: "", updated: "", name, type, system: false, schema, indexes: [], listRule: null, viewRule: null, createRule: null, updateRule: null, deleteRule: null, options };
}
