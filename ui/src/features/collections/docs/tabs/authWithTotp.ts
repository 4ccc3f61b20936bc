import type { Collection } from "../../../../data/collections/types";
import { ERR_400, authResponse, dartHead, expandFieldsParams, jsHead, type DocSpec, type DocsEnv } from "../docsModel";

export default function authWithTotp(c: Collection, env: DocsEnv): DocSpec {
  const path = `/api/collections/${c.name}/auth-with-totp`;
  const mfa = (c.options?.mfa ?? {}) as { enabled?: boolean; duration?: number };
  return {
    title: `Auth with TOTP (${c.name})`,
    description: `Cairn only: the second method of a ${c.name} sign-in. The first method (password, OAuth2 or OTP) answered 401 with an mfaId; send it with a code from the authenticator app, or a recovery code (each works once).`,
    method: "POST",
    path,
    access: "Public (the mfaId proves the first method).",
    bodyParams: [
      { name: "mfaId", type: "String", required: true, description: "The mfaId of the first method's 401 answer." },
      { name: "code", type: "String", required: true, description: "A current 6-digit code, or a recovery code." },
    ],
    queryParams: expandFieldsParams(),
    js:
      jsHead(env) +
      `let mfaId;\ntry {\n    await pb.collection('${c.name}').authWithPassword('test@example.com', '12345678');\n} catch (err) {\n    mfaId = err.response?.mfaId; // 401: a second method is due\n}\n\nconst authData = await pb.send('${path}', {\n    method: 'POST',\n    body: { mfaId, code: '123456' },\n});\npb.authStore.save(authData.token, authData.record);`,
    dart: dartHead(env) + `final authData = await pb.send('${path}', method: 'POST', body: {'mfaId': mfaId, 'code': '123456'});\npb.authStore.save(authData['token'], RecordModel.fromJson(authData['record']));`,
    responses: [
      { status: 200, body: authResponse(c) },
      ERR_400("Invalid or expired MFA session."),
      ERR_400("An error occurred while validating the submitted data.", { code: { code: "validation_invalid_code", message: "Invalid or expired code." } }),
    ],
    notes: [
      mfa.enabled ? `MFA is on for this collection: the second method must come within ${mfa.duration ?? 1800} seconds of the first.` : "MFA is off for this collection: enable it in the collection's Options tab.",
      "A used code is refused (no replay).",
    ],
  };
}
