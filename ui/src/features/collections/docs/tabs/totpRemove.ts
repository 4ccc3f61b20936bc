import type { Collection } from "../../../../data/collections/types";
import { ERR_400, ERR_401, ERR_403, ERR_404, dartHead, jsHead, type DocSpec, type DocsEnv } from "../docsModel";

export default function totpRemove(c: Collection, env: DocsEnv): DocSpec {
  return {
    title: `Remove TOTP (${c.name})`,
    description: `Cairn only: removes a ${c.name} record's authenticator app and its recovery codes.`,
    method: "DELETE",
    path: `/api/collections/${c.name}/records/:id/totp`,
    access: "The record itself with a current code from the app, or an admin.",
    pathParams: [{ name: "id", type: "String", required: true, description: "Id of the auth record." }],
    bodyParams: [{ name: "code", type: "String", description: "A current code from the app (required unless an admin calls)." }],
    js: jsHead(env) + `await pb.send(\`/api/collections/${c.name}/records/\${pb.authStore.model.id}/totp\`, {\n    method: 'DELETE',\n    body: { code: '123456' },\n});`,
    dart: dartHead(env) + `await pb.send('/api/collections/${c.name}/records/\${pb.authStore.model.id}/totp', method: 'DELETE', body: {'code': '123456'});`,
    responses: [{ status: 204, body: null }, ERR_400("An error occurred while validating the submitted data.", { code: { code: "validation_invalid_code", message: "Invalid or expired code." } }), ERR_401, ERR_403, ERR_404],
  };
}
