import { client } from "../../lib/client";

export interface AppleSecretRequest {
  clientId: string;
  teamId: string;
  keyId: string;
  privateKey: string;
  duration: number;
}

/** POST /api/settings/apple/generate-client-secret; the private key is only used for signing, never stored. */
export async function generateAppleSecret(v: AppleSecretRequest): Promise<string> {
  const res = await client.settings.generateAppleClientSecret(v.clientId, v.teamId, v.keyId, v.privateKey.trim(), v.duration, { requestKey: null });
  return res.secret;
}
