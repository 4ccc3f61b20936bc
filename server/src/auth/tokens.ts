import { createHmac, timingSafeEqual } from "node:crypto";
import { issuedAtValid, strictSegments } from "./tokenChecks.js";

export type TokenType = "admin" | "authRecord";

export interface TokenClaims {
  id: string;
  type: TokenType;
  exp?: number;
  [extra: string]: unknown;
}

/**
 * HS256 JWTs, compatible with the reference's tokens: the signing key is the model's
 * tokenKey followed by the settings secret, so changing either invalidates the token.
 * Built on node:crypto's synchronous HMAC: measured, it costs a fraction of a WebCrypto
 * based library's verify on every authenticated request.
 */
const HEADER = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));

function b64url(s: string | Buffer): string {
  return Buffer.from(s).toString("base64url");
}

function hmac(data: string, key: string): Buffer {
  return createHmac("sha256", key).update(data).digest();
}

export async function signToken(claims: Omit<TokenClaims, "exp">, signingKey: string, durationSeconds: number): Promise<string> {
  const exp = Math.floor(Date.now() / 1000) + durationSeconds;
  const body = `${HEADER}.${b64url(JSON.stringify({ exp, ...claims }))}`;
  return `${body}.${hmac(body, signingKey).toString("base64url")}`;
}

function decodePart(part: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Reads claims without checking the signature (to find which key to verify with). */
export function peekToken(token: string): TokenClaims | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const claims = decodePart(parts[1]!);
  if (!claims || typeof claims.id !== "string" || typeof claims.type !== "string") return null;
  return claims as TokenClaims;
}

/** Verifies the HS256 signature (constant-time compare) and expiry; null when invalid. */
export async function verifyToken(token: string, signingKey: string): Promise<TokenClaims | null> {
  const parts = token.split(".");
  if (parts.length !== 3 || !strictSegments(parts)) return null;
  const [h, p, sig] = parts as [string, string, string];
  const header = decodePart(h);
  if (!header || header.alg !== "HS256") return null;
  const expected = hmac(`${h}.${p}`, signingKey);
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = decodePart(p);
  if (!claims || typeof claims.exp !== "number" || claims.exp <= Math.floor(Date.now() / 1000)) return null;
  if (typeof claims.nbf === "number" && claims.nbf > Math.floor(Date.now() / 1000)) return null;
  if (!issuedAtValid(claims, Math.floor(Date.now() / 1000))) return null;
  return claims as TokenClaims;
}
