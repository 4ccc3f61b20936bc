import type { Collection } from "../../../../data/collections/types";
import { ERR_401, ERR_403, ERR_404, dartHead, jsHead, type DocSpec, type DocsEnv } from "../docsModel";

export default function unlinkExternalAuth(c: Collection, env: DocsEnv): DocSpec {
  return {
    title: `Unlink OAuth2 account (${c.name})`,
    description: `Removes the link between a ${c.name} record and an OAuth2 provider.`,
    method: "DELETE",
    path: `/api/collections/${c.name}/records/:id/external-auths/:provider`,
    access: "Requires the record's own Authorization:TOKEN header (or an admin).",
    pathParams: [
      { name: "id", type: "String", required: true, description: "Id of the auth record." },
      { name: "provider", type: "String", required: true, description: "The provider to unlink (e.g. google)." },
    ],
    js: jsHead(env) + `await pb.collection('${c.name}').authWithPassword('test@example.com', '123456');\n\nawait pb.collection('${c.name}').unlinkExternalAuth(pb.authStore.model.id, 'google');`,
    dart: dartHead(env) + `await pb.collection('${c.name}').authWithPassword('test@example.com', '123456');\n\nawait pb.collection('${c.name}').unlinkExternalAuth(pb.authStore.model.id, 'google');`,
    responses: [{ status: 204, body: null }, ERR_401, ERR_403, ERR_404],
  };
}
