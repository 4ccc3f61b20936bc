import { useMemo } from "react";
import type { Collection } from "../../../data/collections/types";
import { CodeBlock } from "./CodeBlock";
import { collectionTypeScript } from "./typescriptModel";

/** The TypeScript tab: the collection's types as `cairn typegen` writes them, with a Copy button. */
export default function TypeScriptTypes({ collection }: { collection: Collection }) {
  const code = useMemo(() => collectionTypeScript(collection), [collection]);
  return (
    <article className="docs-content" aria-labelledby="docs-title">
      <h3 id="docs-title" className="docs-title">
        TypeScript ({collection.name})
      </h3>
      <p>
        The record, response, create and update types of this collection and a <code>TypedPocketBase</code> for the JS SDK, as{" "}
        <code>npx cairn typegen</code> writes them (run it for every collection at once).
      </p>
      <CodeBlock code={code} label="TypeScript types" />
    </article>
  );
}
