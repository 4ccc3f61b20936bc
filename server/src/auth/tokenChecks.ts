/**
 * Checks the reference's JWT library makes beyond the signature, which a lenient decoder
 * would skip: each segment is unpadded base64url (Node's decoder also takes `=` padding and
 * the standard alphabet's `+` and `/`, so one token would have several accepted spellings),
 * and a token is not valid before the time it says it was issued.
 */

const RAW_BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Whether every segment of a JWT is written in unpadded base64url. */
export const strictSegments = (parts: readonly string[]): boolean => parts.every((p) => RAW_BASE64URL.test(p));

/** Whether `iat`, when present, is a number not in the future (a non-number is refused, as the reference does). */
export function issuedAtValid(claims: Record<string, unknown>, nowSeconds: number): boolean {
  if (!("iat" in claims)) return true;
  return typeof claims.iat === "number" && claims.iat <= nowSeconds;
}
