import type { Collection } from "../../../../data/collections/types";
import { ERR_400, dartHead, jsHead, type DocSpec, type DocsEnv } from "../docsModel";

export default function tab(c: Collection, env: DocsEnv): DocSpec {
  return {
    title: `Request verification (${c.name})`,
    description: `Sends a verification email to a ${c.name} record. Answers 204 even when no record has the email.`,
    method: "POST",
    path: `/api/collections/${c.name}/request-verification`,
    access: "Public.",
    bodyParams: [{ name: "email", type: "String", required: true, description: "The email of the record to verify." }],
    js: jsHead(env) + `await pb.collection('${c.name}').requestVerification('test@example.com');`,
    dart: dartHead(env) + `await pb.collection('${c.name}').requestVerification('test@example.com');`,
    responses: [{ status: 204, body: null }, ERR_400("An error occurred while validating the submitted data.", { email: { code: "validation_required", message: "Missing required value." } })],
  };
}
