import type { Collection } from "../../../../data/collections/types";
import { ERR_400, ERR_401, ERR_403, ERR_404, dartHead, jsHead, type DocSpec, type DocsEnv } from "../docsModel";

export default function totpConfirm(c: Collection, env: DocsEnv): DocSpec {
  const path = `/api/collections/${c.name}/records/:id/totp/confirm`;
  return {
    title: `Confirm TOTP (${c.name})`,
    description: `Cairn only: activates the authenticator app set up for a ${c.name} record with a current code from the app.`,
    method: "POST",
    path,
    access: "Requires the record's own Authorization:TOKEN header (or an admin).",
    pathParams: [{ name: "id", type: "String", required: true, description: "Id of the auth record." }],
    bodyParams: [{ name: "code", type: "String", required: true, description: "A current 6-digit code from the app." }],
    js: jsHead(env) + `await pb.send(\`/api/collections/${c.name}/records/\${pb.authStore.model.id}/totp/confirm\`, {\n    method: 'POST',\n    body: { code: '123456' },\n});`,
    dart: dartHead(env) + `await pb.send('/api/collections/${c.name}/records/\${pb.authStore.model.id}/totp/confirm', method: 'POST', body: {'code': '123456'});`,
    responses: [
      { status: 204, body: null },
      ERR_400("An error occurred while validating the submitted data.", { code: { code: "validation_invalid_code", message: "Invalid or expired code." } }),
      ERR_401,
      ERR_403,
      ERR_404,
    ],
  };
}
