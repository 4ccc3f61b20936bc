import type { Collection } from "../../../../data/collections/types";
import { ERR_400, dartHead, jsHead, type DocSpec, type DocsEnv } from "../docsModel";

export default function tab(c: Collection, env: DocsEnv): DocSpec {
  return {
    title: `Confirm password reset (${c.name})`,
    description: `Sets a new password for a ${c.name} record with the token from the password reset email.`,
    method: "POST",
    path: `/api/collections/${c.name}/confirm-password-reset`,
    access: "Public.",
    bodyParams: [{ name: "token", type: "String", required: true, description: "The token from the reset email." }, { name: "password", type: "String", required: true, description: "The new password." }, { name: "passwordConfirm", type: "String", required: true, description: "Repeats the new password." }],
    js: jsHead(env) + `await pb.collection('${c.name}').confirmPasswordReset(\n    'TOKEN',\n    'NEW_PASSWORD',\n    'NEW_PASSWORD_CONFIRM',\n);`,
    dart: dartHead(env) + `await pb.collection('${c.name}').confirmPasswordReset(\n  'TOKEN',\n  'NEW_PASSWORD',\n  'NEW_PASSWORD_CONFIRM',\n);`,
    responses: [{ status: 204, body: null }, ERR_400("An error occurred while validating the submitted data.", { token: { code: "validation_required", message: "Missing required value." } })],
  };
}
