import type { Collection } from "../../../../data/collections/types";
import { ERR_400, dartHead, jsHead, type DocSpec, type DocsEnv } from "../docsModel";

export default function requestOtp(c: Collection, env: DocsEnv): DocSpec {
  const path = `/api/collections/${c.name}/request-otp`;
  const enabled = !!(c.options?.otp as { enabled?: boolean } | undefined)?.enabled;
  return {
    title: `Request OTP (${c.name})`,
    description: `Cairn (PocketBase v0.23's call): emails a one-time password to a ${c.name} record and answers the otpId to send it back with. The answer is the same whether or not a record has the email.`,
    method: "POST",
    path,
    access: "Public.",
    bodyParams: [{ name: "email", type: "String", required: true, description: "The email of the record." }],
    js: jsHead(env) + `// SDK 0.21 has no OTP methods: send the call yourself\nconst { otpId } = await pb.send('${path}', {\n    method: 'POST',\n    body: { email: 'test@example.com' },\n});`,
    dart: dartHead(env) + `final result = await pb.send('${path}', method: 'POST', body: {'email': 'test@example.com'});\nfinal otpId = result['otpId'];`,
    responses: [
      { status: 200, body: { otpId: "OTP_ID" } },
      ERR_400("An error occurred while validating the submitted data.", { email: { code: "validation_required", message: "Missing required value." } }),
      { status: 429, body: { code: 429, message: "Too Many Requests.", data: {} } },
    ],
    notes: [
      enabled ? "OTP sign-in is enabled for this collection." : "OTP sign-in is off for this collection: enable it in the collection's Options tab.",
      "The mail uses the collection's OTP email template; requests are rate limited per email.",
    ],
  };
}
