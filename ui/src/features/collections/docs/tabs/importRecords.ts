import type { Collection } from "../../../../data/collections/types";
import { ERR_400, ERR_403, dartHead, jsHead, recordBodyParams, ruleAccess, type DocSpec, type DocsEnv } from "../docsModel";

export default function importRecords(c: Collection, env: DocsEnv): DocSpec {
  const path = `/api/collections/${c.name}/records/import`;
  const fields = recordBodyParams(c, "create").filter((p) => !p.type.includes("File"));
  return {
    title: `Import (${c.name})`,
    description: `Cairn only: creates a ${c.name} record per row, each validated as a create. Rows go in batches of 500 per transaction, the valid ones kept; with atomic, all in one transaction, none kept if a row fails.`,
    method: "POST",
    path,
    access: ruleAccess(c.createRule),
    bodyParams: [
      { name: "rows", type: "Array<Object>", required: true, description: `Up to 100000 rows, each a create body: ${fields.map((p) => p.name).join(", ")} (no files).` },
      { name: "atomic", type: "Boolean", description: "All or nothing: one failing row imports none (default false)." },
    ],
    js: jsHead(env) + `const result = await pb.send('${path}', {\n    method: 'POST',\n    body: { rows: [{ /* ... */ }], atomic: false },\n});`,
    dart: dartHead(env) + `final result = await pb.send(\n  '${path}',\n  method: 'POST',\n  body: {'rows': [/* ... */], 'atomic': false},\n);`,
    responses: [
      {
        status: 200,
        body: {
          imported: 1,
          failed: 1,
          results: [
            { row: 0, id: "RECORD_ID" },
            { row: 1, error: { code: 400, message: "Failed to create record.", data: { title: { code: "validation_required", message: "Missing required value." } } } },
          ],
        },
      },
      ERR_400("Failed to import the records.", { rows: { code: "validation_required", message: "Cannot be blank." } }),
      ERR_403,
    ],
  };
}
