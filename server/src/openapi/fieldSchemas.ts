import { isMultipleField, type FileOptions, type NumberOptions, type RelationOptions, type SelectOptions, type TextOptions } from "../fields/index.js";
import type { SchemaField } from "../fields/types.js";

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses it). */
export type JsonSchema = Record<string, unknown>;

export const DATE_DESCRIPTION = "UTC date `YYYY-MM-DD HH:MM:SS.sssZ`, or \"\" when not set.";

const many = (item: JsonSchema, max?: number | null): JsonSchema => ({ type: "array", items: item, ...(max && max > 0 ? { maxItems: max } : {}) });

/**
 * A field's value as records carry it: `file` and `relation` hold names/ids, `select` one of
 * its values ("" when empty), multi-value fields are lists. `nameOf` names a relation's
 * target collection for the description.
 */
export function valueSchema(f: SchemaField<object>, nameOf: (collectionId: string) => string): JsonSchema {
  const multiple = isMultipleField(f);
  switch (f.type) {
    case "text": {
      const o = f.options as TextOptions;
      return {
        type: "string",
        ...(o.max ? { maxLength: o.max } : {}),
        ...(o.pattern ? { description: `Matches \`${o.pattern}\` when not empty.` } : {}),
      };
    }
    case "editor":
      return { type: "string", description: "HTML." };
    case "number": {
      const o = f.options as NumberOptions;
      return { type: o.noDecimal ? "integer" : "number", ...(o.min !== null ? { description: `Min ${o.min} when not 0.` } : {}), ...(o.max !== null && o.max >= 0 ? { maximum: o.max } : {}) };
    }
    case "bool":
      return { type: "boolean" };
    case "email":
      return { type: "string", description: "An email address, or \"\"." };
    case "url":
      return { type: "string", description: "A URL, or \"\"." };
    case "date":
      return { type: "string", description: DATE_DESCRIPTION };
    case "select": {
      const o = f.options as SelectOptions;
      const values = o.values ?? [];
      return multiple ? many({ type: "string", enum: values }, o.maxSelect) : { type: "string", enum: [...values, ""] };
    }
    case "json":
      return { description: "Any JSON value (null when not set)." };
    case "file": {
      const o = f.options as FileOptions;
      const name: JsonSchema = { type: "string", description: "A stored file name (GET /api/files/{collection}/{record}/{name})." };
      return multiple ? many(name, o.maxSelect) : name;
    }
    case "relation": {
      const o = f.options as RelationOptions;
      const id: JsonSchema = { type: "string", description: `Id of a \`${nameOf(o.collectionId)}\` record.` };
      return multiple ? many(id, o.maxSelect) : id;
    }
  }
}

/** A field in a multipart create/update body: files as binary parts, lists as repeated parts. */
export function multipartSchema(f: SchemaField<object>, nameOf: (collectionId: string) => string): JsonSchema {
  if (f.type !== "file") return valueSchema(f, nameOf);
  const binary: JsonSchema = { type: "string", format: "binary" };
  return isMultipleField(f) ? many(binary, (f.options as FileOptions).maxSelect) : binary;
}
