import type { Collection } from "../../../../data/collections/types";
import { ERR_400, dartHead, jsHead, type DocSpec, type DocsEnv } from "../docsModel";

export default function tab(c: Collection, env: DocsEnv): DocSpec {
  return {
    title: `Confirm verification (${c.name})`,
    description: `Confirms the email of a ${c.name} record with the token from the verification email.`,
    method: "POST",
    path: `/api/collections/${c.name}/confirm-verification`,
    access: "Public.",
    bodyParams: [{ name: "token", type: "String", required: true, description: "The token from the verification email." }],
    js: jsHead(env) + `await pb.collection('${c.name}').confirmVerification('TOKEN');`,
    dart: dartHead(env) + `await pb.collection('${c.name}').confirmVerification('TOKEN');`,
    responses: [{ status: 204, body: null }, ERR_400("An error occurred while validating the submitted data.", { token: { code: "validation_required", message: "Missing required value." } })],
  };
}
