import type { Collection } from "../../../../data/collections/types";
import { ERR_400, dartHead, jsHead, type DocSpec, type DocsEnv } from "../docsModel";

export default function tab(c: Collection, env: DocsEnv): DocSpec {
  return {
    title: `Request password reset (${c.name})`,
    description: `Sends a password reset email to a ${c.name} record. Answers 204 even when no record has the email.`,
    method: "POST",
    path: `/api/collections/${c.name}/request-password-reset`,
    access: "Public.",
    bodyParams: [{ name: "email", type: "String", required: true, description: "The email of the record." }],
    js: jsHead(env) + `await pb.collection('${c.name}').requestPasswordReset('test@example.com');`,
    dart: dartHead(env) + `await pb.collection('${c.name}').requestPasswordReset('test@example.com');`,
    responses: [{ status: 204, body: null }, ERR_400("An error occurred while validating the submitted data.", { email: { code: "validation_required", message: "Missing required value." } })],
  };
}
