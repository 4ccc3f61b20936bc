import type { Collection } from "../../../../data/collections/types";
import { ERR_400, dartHead, jsHead, type DocSpec, type DocsEnv } from "../docsModel";

export default function tab(c: Collection, env: DocsEnv): DocSpec {
  return {
    title: `Request email change (${c.name})`,
    description: `Sends a confirmation email to the new address of the authenticated ${c.name} record.`,
    method: "POST",
    path: `/api/collections/${c.name}/request-email-change`,
    access: "Requires the record's Authorization:TOKEN header.",
    bodyParams: [{ name: "newEmail", type: "String", required: true, description: "The new email address." }],
    js: jsHead(env) + `await pb.collection('${c.name}').authWithPassword('test@example.com', '1234567890');\n\nawait pb.collection('${c.name}').requestEmailChange('new@example.com');`,
    dart: dartHead(env) + `await pb.collection('${c.name}').authWithPassword('test@example.com', '1234567890');\n\nawait pb.collection('${c.name}').requestEmailChange('new@example.com');`,
    responses: [{ status: 204, body: null }, ERR_400("An error occurred while validating the submitted data.", { newEmail: { code: "validation_required", message: "Missing required value." } })],
  };
}
