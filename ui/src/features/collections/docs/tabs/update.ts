import type { Collection } from "../../../../data/collections/types";
import { ERR_400, ERR_403, ERR_404, dartHead, dartLiteral, exampleBody, exampleRecord, expandFieldsParams, json, jsHead, recordBodyParams, ruleAccess, type DocSpec, type DocsEnv } from "../docsModel";

export default function update(c: Collection, env: DocsEnv): DocSpec {
  const body = exampleBody(c, "update");
  const firstField = c.schema.find((f) => f.type !== "file")?.name ?? "title";
  return {
    title: `Update (${c.name})`,
    description: `Updates an existing ${c.name} record; only the sent fields change.`,
    method: "PATCH",
    path: `/api/collections/${c.name}/records/:id`,
    access: ruleAccess(c.updateRule),
    pathParams: [{ name: "id", type: "String", required: true, description: "Id of the record to update." }],
    bodyParams: recordBodyParams(c, "update"),
    bodyNote: "JSON or multipart/form-data. For file fields, field+ appends and field- removes files by name.",
    queryParams: expandFieldsParams(),
    js: jsHead(env) + `// example update data\nconst data = ${json(body, 4)};\n\nconst record = await pb.collection('${c.name}').update('RECORD_ID', data);`,
    dart: dartHead(env) + `// example update body\nfinal body = <String, dynamic>${dartLiteral(body)};\n\nfinal record = await pb.collection('${c.name}').update('RECORD_ID', body: body);`,
    responses: [
      { status: 200, body: exampleRecord(c) },
      ERR_400("Failed to update record.", { [firstField]: { code: "validation_required", message: "Missing required value." } }),
      ERR_403,
      ERR_404,
    ],
  };
}
