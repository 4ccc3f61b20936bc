/**
 * The TypeScript tab's text: `cairn typegen` run on this one collection. The server's generator
 * is pure (no imports) and imported as is, so the panel and the CLI never drift apart.
 */
import { generateTypes } from "../../../../../server/src/typegen/generate";
import type { Collection } from "../../../data/collections/types";

export function collectionTypeScript(c: Pick<Collection, "id" | "name" | "type" | "schema">): string {
  return generateTypes([{ id: c.id, name: c.name, type: c.type, schema: c.schema.map((f) => ({ name: f.name, type: f.type, required: f.required, options: f.options ?? {} })) }]);
}
