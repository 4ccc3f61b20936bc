import type { Collection } from "../../../../data/collections/types";
import { ERR_400, ERR_403, dartHead, dartLiteral, exampleBody, exampleRecord, expandFieldsParams, indentRest, json, jsHead, recordBodyParams, ruleAccess, type DocSpec, type DocsEnv } from "../docsModel";

export default function create(c: Collection, env: DocsEnv): DocSpec {
  const body = exampleBody(c, "create");
  const hasFiles = c.schema.some((f) => f.type === "file");
  const firstField = c.schema.find((f) => f.type !== "file")?.name ?? "title";
  return {
    title: `Create (${c.name})`,
    description: `Creates a new ${c.name} record.`,
    method: "POST",
    path: `/api/collections/${c.name}/records`,
    access: ruleAccess(c.createRule),
    bodyParams: recordBodyParams(c, "create"),
    bodyNote: hasFiles ? "Send multipart/form-data to upload files; otherwise JSON or form data." : "JSON or multipart/form-data.",
    queryParams: expandFieldsParams(),
    js: jsHead(env) + `// example create data\nconst data = ${indentRest(json(body, 4), 0)};\n\nconst record = await pb.collection('${c.name}').create(data);` + (c.type === "auth" ? `\n\n// (optional) send an email verification request\nawait pb.collection('${c.name}').requestVerification('test@example.com');` : ""),
    dart: dartHead(env) + `// example create body\nfinal body = <String, dynamic>${dartLiteral(body)};\n\nfinal record = await pb.collection('${c.name}').create(body: body);` + (c.type === "auth" ? `\n\n// (optional) send an email verification request\nawait pb.collection('${c.name}').requestVerification('test@example.com');` : ""),
    responses: [
      { status: 200, body: exampleRecord(c) },
      ERR_400("Failed to create record.", { [firstField]: { code: "validation_required", message: "Missing required value." } }),
      ERR_403,
    ],
  };
}
