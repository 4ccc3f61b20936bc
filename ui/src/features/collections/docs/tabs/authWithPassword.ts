import type { Collection } from "../../../../data/collections/types";
import { ERR_400, authResponse, dartHead, expandFieldsParams, jsHead, type DocSpec, type DocsEnv } from "../docsModel";

export default function authWithPassword(c: Collection, env: DocsEnv): DocSpec {
  const o = c.options ?? {};
  const identity = [o.allowUsernameAuth ? "username" : "", o.allowEmailAuth ? "email" : ""].filter(Boolean).join(" or ");
  return {
    title: `Auth with password (${c.name})`,
    description: `Authenticates a ${c.name} record with its ${identity} and password; answers a token and the record.`,
    method: "POST",
    path: `/api/collections/${c.name}/auth-with-password`,
    access: "Public.",
    bodyParams: [
      { name: "identity", type: "String", required: true, description: `The ${identity} of the record.` },
      { name: "password", type: "String", required: true, description: "The record password." },
    ],
    queryParams: expandFieldsParams(),
    js: jsHead(env) + `const authData = await pb.collection('${c.name}').authWithPassword(\n    '${o.allowEmailAuth ? "test@example.com" : "username123"}',\n    '12345678',\n);\n\n// the token and record are kept in pb.authStore\nconsole.log(pb.authStore.isValid);\nconsole.log(pb.authStore.token);\nconsole.log(pb.authStore.model.id);\n\n// "logout"\npb.authStore.clear();`,
    dart: dartHead(env) + `final authData = await pb.collection('${c.name}').authWithPassword(\n  '${o.allowEmailAuth ? "test@example.com" : "username123"}',\n  '12345678',\n);\n\n// the token and record are kept in pb.authStore\nprint(pb.authStore.isValid);\nprint(pb.authStore.token);\nprint(pb.authStore.model.id);\n\n// "logout"\npb.authStore.clear();`,
    responses: [
      { status: 200, body: authResponse(c) },
      ERR_400("Failed to authenticate.", { identity: { code: "validation_required", message: "Missing required value." } }),
    ],
    notes: [
      ...(o.onlyVerified ? ["Unverified records are refused with 403 (only verified users may authenticate)."] : []),
      ...((o.mfa as { enabled?: boolean } | undefined)?.enabled
        ? ["MFA is on: a right password answers 401 with an mfaId and no token; complete the sign-in with a second, different method (OAuth2, OTP or TOTP) and that mfaId."]
        : []),
    ],
  };
}
