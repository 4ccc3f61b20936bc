import { createPrivateKey, sign, type KeyObject } from "node:crypto";
import { badRequest, ValidationError } from "../tools/errors.js";
import { fieldErrors, rules } from "./validate.js";

export interface AppleSecretInput {
  clientId: string;
  teamId: string;
  keyId: string;
  privateKey: string;
  duration: number;
}

/** Apple accepts client secrets valid for at most about six months. */
export const APPLE_SECRET_MAX_DURATION = 15777000;

const PRIVATE_KEY_RE = /-----BEGIN PRIVATE KEY-----[\s\S]*-----END PRIVATE KEY-----/;

export function validateAppleSecretInput(input: AppleSecretInput): void {
  const errors = fieldErrors({
    clientId: [rules.required(input.clientId)],
    teamId: [rules.required(input.teamId), rules.exactLength(10)(input.teamId)],
    keyId: [rules.required(input.keyId), rules.exactLength(10)(input.keyId)],
    privateKey: [
      rules.required(input.privateKey),
      input.privateKey !== "" && !PRIVATE_KEY_RE.test(input.privateKey) ? { code: "validation_match_invalid", message: "Must be in a valid format." } : null,
    ],
    duration: [rules.required(input.duration), rules.min(1)(input.duration), rules.max(APPLE_SECRET_MAX_DURATION)(input.duration)],
  });
  if (errors) throw new ValidationError("Invalid client secret data.", errors);
}

/**
 * The "Sign in with Apple" client secret: an ES256 JWT signed with the developer's
 * private key (PKCS#8 PEM), issued by the team for the client id, audience Apple.
 */
export async function generateAppleClientSecret(input: AppleSecretInput): Promise<string> {
  validateAppleSecretInput(input);
  const pem = PRIVATE_KEY_RE.exec(input.privateKey)![0];
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem, format: "pem" });
  } catch {
    throw badRequest("Failed to generate client secret. Raw error: \ninvalid key: Key must be a PEM encoded PKCS1 or PKCS8 key.");
  }
  if (key.asymmetricKeyType !== "ec" || key.asymmetricKeyDetails?.namedCurve !== "prime256v1") {
    throw badRequest("Failed to generate client secret. Raw error: \nkey is not a valid ECDSA P-256 private key.");
  }
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: "ES256", kid: input.keyId, typ: "JWT" };
  const claims = { iss: input.teamId, sub: input.clientId, aud: ["https://appleid.apple.com"], exp: now + input.duration, iat: now };
  const body = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
  // JWS wants the raw r||s signature, not DER.
  const signature = sign("sha256", Buffer.from(body), { key, dsaEncoding: "ieee-p1363" });
  return `${body}.${signature.toString("base64url")}`;
}

const b64url = (s: string) => Buffer.from(s).toString("base64url");
