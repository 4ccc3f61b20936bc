import type { Collection } from "../../../../data/collections/types";
import { ERR_401, ERR_403, ERR_404, authResponse, dartHead, expandFieldsParams, jsHead, type DocSpec, type DocsEnv } from "../docsModel";

export default function authRefresh(c: Collection, env: DocsEnv): DocSpec {
  return {
    title: `Auth refresh (${c.name})`,
    description: `Answers a new token for an authenticated ${c.name} record (and the fresh record); the old token keeps working until it expires.`,
    method: "POST",
    path: `/api/collections/${c.name}/auth-refresh`,
    access: "Requires the record's Authorization:TOKEN header.",
    queryParams: expandFieldsParams(),
    js: jsHead(env) + `const authData = await pb.collection('${c.name}').authRefresh();\n\nconsole.log(pb.authStore.token);\nconsole.log(pb.authStore.model.id);`,
    dart: dartHead(env) + `final authData = await pb.collection('${c.name}').authRefresh();\n\nprint(pb.authStore.token);\nprint(pb.authStore.model.id);`,
    responses: [{ status: 200, body: authResponse(c) }, ERR_401, ERR_403, ERR_404],
  };
}
