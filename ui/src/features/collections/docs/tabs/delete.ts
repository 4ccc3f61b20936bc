import type { Collection } from "../../../../data/collections/types";
import { ERR_400, ERR_403, ERR_404, dartHead, jsHead, ruleAccess, type DocSpec, type DocsEnv } from "../docsModel";

export default function remove(c: Collection, env: DocsEnv): DocSpec {
  return {
    title: `Delete (${c.name})`,
    description: `Deletes one ${c.name} record.`,
    method: "DELETE",
    path: `/api/collections/${c.name}/records/:id`,
    access: ruleAccess(c.deleteRule),
    pathParams: [{ name: "id", type: "String", required: true, description: "Id of the record to delete." }],
    js: jsHead(env) + `await pb.collection('${c.name}').delete('RECORD_ID');`,
    dart: dartHead(env) + `await pb.collection('${c.name}').delete('RECORD_ID');`,
    responses: [
      { status: 204, body: null },
      ERR_400("Failed to delete record. Make sure that the record is not part of a required relation reference."),
      ERR_403,
      ERR_404,
    ],
  };
}
