import type { Collection } from "../../../../data/collections/types";
import { ERR_400, authResponse, dartHead, expandFieldsParams, jsHead, type DocSpec, type DocsEnv } from "../docsModel";

export default function authWithOtp(c: Collection, env: DocsEnv): DocSpec {
  const path = `/api/collections/${c.name}/auth-with-otp`;
  const o = (c.options?.otp ?? {}) as { duration?: number; length?: number };
  return {
    title: `Auth with OTP (${c.name})`,
    description: `Cairn (PocketBase v0.23's call): authenticates a ${c.name} record with the emailed one-time password; answers a token and the record as Auth with password does.`,
    method: "POST",
    path,
    access: "Public.",
    bodyParams: [
      { name: "otpId", type: "String", required: true, description: "The id Request OTP answered." },
      { name: "password", type: "String", required: true, description: `The emailed code (${o.length ?? 8} digits).` },
      { name: "mfaId", type: "String", description: "The id of a sign-in waiting for its second method (MFA)." },
    ],
    queryParams: expandFieldsParams(),
    js: jsHead(env) + `const authData = await pb.send('${path}', {\n    method: 'POST',\n    body: { otpId, password: '12345678' },\n});\npb.authStore.save(authData.token, authData.record);`,
    dart: dartHead(env) + `final authData = await pb.send('${path}', method: 'POST', body: {'otpId': otpId, 'password': '12345678'});\npb.authStore.save(authData['token'], RecordModel.fromJson(authData['record']));`,
    responses: [
      { status: 200, body: authResponse(c) },
      ERR_400("Invalid or expired OTP"),
      { status: 401, body: { mfaId: "MFA_ID", code: 401, message: "Multi-factor authentication required.", data: {} } },
    ],
    notes: [
      `A code is good once, for ${o.duration ?? 180} seconds; a few wrong tries burn the otpId.`,
      "A successful OTP sign-in marks an unverified email verified.",
      "With MFA on, the first method answers 401 with an mfaId and no token: send a second, different method with it.",
    ],
  };
}
