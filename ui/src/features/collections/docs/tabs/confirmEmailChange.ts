import type { Collection } from "../../../../data/collections/types";
import { ERR_400, dartHead, jsHead, type DocSpec, type DocsEnv } from "../docsModel";

export default function tab(c: Collection, env: DocsEnv): DocSpec {
  return {
    title: `Confirm email change (${c.name})`,
    description: `Changes the email of a ${c.name} record with the token from the email change message and the record password.`,
    method: "POST",
    path: `/api/collections/${c.name}/confirm-email-change`,
    access: "Public.",
    bodyParams: [{ name: "token", type: "String", required: true, description: "The token from the email change message." }, { name: "password", type: "String", required: true, description: "The record password, to confirm the change." }],
    js: jsHead(env) + `await pb.collection('${c.name}').confirmEmailChange('TOKEN', 'YOUR_PASSWORD');`,
    dart: dartHead(env) + `await pb.collection('${c.name}').confirmEmailChange('TOKEN', 'YOUR_PASSWORD');`,
    responses: [{ status: 204, body: null }, ERR_400("An error occurred while validating the submitted data.", { token: { code: "validation_required", message: "Missing required value." } })],
  };
}
