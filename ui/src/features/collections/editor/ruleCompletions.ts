import type { Collection, CollectionType, SchemaField } from "../../../data/collections/types";
import { systemFieldNames } from "./editorModel";

/** The request keys every rule can use. */
export const REQUEST_KEYS = ["@request.context", "@request.method", "@request.headers.", "@request.query."] as const;
/** Fields every auth record has (for @request.auth.*). */
export const AUTH_RECORD_FIELDS = ["id", "collectionId", "collectionName", "username", "email", "emailVisibility", "verified", "created", "updated"] as const;

interface Source {
  name: string;
  type: CollectionType;
  schema: Pick<SchemaField, "name" | "type" | "options">[];
}

function fieldNames(c: Source): string[] {
  return [...systemFieldNames(c.type), ...c.schema.map((f) => f.name)].filter(Boolean);
}

/**
 * Autocomplete keys of a rule: the collection's own fields (and one level into relations),
 * @request.* (context, method, headers, query, data of the collection's fields, auth fields)
 * and @collection.{name}.{field} for every collection.
 */
export function ruleCompletions(current: Source, collections: readonly (Source & Pick<Collection, "id">)[]): string[] {
  const keys: string[] = [];
  const own = fieldNames(current);
  keys.push(...own);
  for (const f of current.schema) {
    if (f.type !== "relation" || !f.name) continue;
    const target = collections.find((c) => c.id === f.options?.collectionId);
    if (target) keys.push(...fieldNames(target).map((n) => `${f.name}.${n}`));
  }
  keys.push(...REQUEST_KEYS);
  keys.push(...own.filter((n) => n !== "id" && n !== "created" && n !== "updated").map((n) => `@request.data.${n}`));
  const authFields = new Set<string>(AUTH_RECORD_FIELDS);
  for (const c of collections) if (c.type === "auth") for (const f of c.schema) if (f.name) authFields.add(f.name);
  keys.push(...[...authFields].map((n) => `@request.auth.${n}`));
  for (const c of collections) keys.push(...fieldNames(c).map((n) => `@collection.${c.name}.${n}`));
  return [...new Set(keys)];
}
