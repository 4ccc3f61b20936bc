import { SignJWT, jwtVerify, decodeJwt } from "jose";

export type TokenType = "admin" | "authRecord";

export interface TokenClaims {
  id: string;
  type: TokenType;
  exp?: number;
  [extra: string]: unknown;
}

const enc = new TextEncoder();

/**
 * Signs an HS256 JWT the way the reference does: the key is the model's tokenKey
 * concatenated with the settings secret, so changing either invalidates the token.
 */
export async function signToken(claims: Omit<TokenClaims, "exp">, signingKey: string, durationSeconds: number): Promise<string> {
  const exp = Math.floor(Date.now() / 1000) + durationSeconds;
  return new SignJWT({ exp, ...claims } as Record<string, unknown>)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .sign(enc.encode(signingKey));
}

/** Reads claims without checking the signature (to find which key to verify with). */
export function peekToken(token: string): TokenClaims | null {
  try {
    const claims = decodeJwt(token);
    if (typeof claims.id !== "string" || typeof claims.type !== "string") return null;
    return claims as TokenClaims;
  } catch {
    return null;
  }
}

/** Verifies signature (constant-time HMAC check inside jose) and expiry; null when invalid. */
export async function verifyToken(token: string, signingKey: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, enc.encode(signingKey), { algorithms: ["HS256"] });
    if (typeof payload.exp !== "number") return null;
    return payload as TokenClaims;
  } catch {
    return null;
  }
}
