import type { Collection } from "../../../../data/collections/types";
import { ERR_400, ERR_401, ERR_403, ERR_404, dartHead, jsHead, type DocSpec, type DocsEnv } from "../docsModel";

export default function totpSetup(c: Collection, env: DocsEnv): DocSpec {
  const path = `/api/collections/${c.name}/records/:id/totp`;
  const call = `/api/collections/${c.name}/records/\${pb.authStore.model.id}/totp`;
  return {
    title: `Set up TOTP (${c.name})`,
    description: `Cairn only: starts an authenticator app for a ${c.name} record. The answer (secret, otpauth:// address for a QR code, recovery codes) is shown once; the app is active after Confirm TOTP.`,
    method: "POST",
    path,
    access: "Requires the record's own Authorization:TOKEN header (or an admin).",
    pathParams: [{ name: "id", type: "String", required: true, description: "Id of the auth record." }],
    js: jsHead(env) + `const { secret, uri, recoveryCodes } = await pb.send(\`${call}\`, { method: 'POST' });`,
    dart: dartHead(env) + `final setup = await pb.send('/api/collections/${c.name}/records/\${pb.authStore.model.id}/totp', method: 'POST');`,
    responses: [
      { status: 200, body: { secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", uri: `otpauth://totp/Acme:test%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Acme&algorithm=SHA1&digits=6&period=30`, recoveryCodes: ["xxxx-xxxx-xxxx", "..."] } },
      ERR_400("TOTP is already enabled; remove it before setting up a new one."),
      ERR_401,
      ERR_403,
      ERR_404,
    ],
    notes: ["RFC 6238: SHA-1, 6 digits, 30 second steps; codes one step either side are accepted, a used code is refused."],
  };
}
