import type { Collection } from "../../../../data/collections/types";
import { ERR_401, ERR_403, ERR_404, EXAMPLE_DATE, dartHead, jsHead, type DocSpec, type DocsEnv } from "../docsModel";

export default function listExternalAuths(c: Collection, env: DocsEnv): DocSpec {
  const link = (provider: string, n: number) => ({ id: `EXTERNAL_AUTH_ID${n}`, created: EXAMPLE_DATE, updated: EXAMPLE_DATE, recordId: "RECORD_ID", collectionId: c.id, provider, providerId: `PROVIDER_USER_ID${n}` });
  return {
    title: `List OAuth2 accounts (${c.name})`,
    description: `Lists the OAuth2 providers linked to a ${c.name} record.`,
    method: "GET",
    path: `/api/collections/${c.name}/records/:id/external-auths`,
    access: "Requires the record's own Authorization:TOKEN header (or an admin).",
    pathParams: [{ name: "id", type: "String", required: true, description: "Id of the auth record." }],
    js: jsHead(env) + `await pb.collection('${c.name}').authWithPassword('test@example.com', '123456');\n\nconst result = await pb.collection('${c.name}').listExternalAuths(pb.authStore.model.id);`,
    dart: dartHead(env) + `await pb.collection('${c.name}').authWithPassword('test@example.com', '123456');\n\nfinal result = await pb.collection('${c.name}').listExternalAuths(pb.authStore.model.id);`,
    responses: [{ status: 200, body: [link("google", 1), link("twitter", 2)] }, ERR_401, ERR_403, ERR_404],
  };
}
