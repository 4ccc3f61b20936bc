import { createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Short secrets mailed or printed once — email one-time codes and TOTP recovery codes —
 * kept only as hashes and checked in constant time.
 */

/** scrypt of a code with a salt of its own: an 8-digit code is cheap to try offline, this makes each try cost. */
const SCRYPT = { N: 1 << 14, r: 8, p: 1 };
const KEY_LEN = 32;

function scryptAsync(code: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(code, salt, KEY_LEN, SCRYPT, (err, key) => (err ? reject(err) : resolve(key))));
}

/** A new numeric code of `length` digits (uniform: crypto's randomInt per digit). */
export function newNumericCode(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}

/** `salt$hash` (hex) of an email code. */
export async function hashCode(code: string): Promise<string> {
  const salt = randomBytes(16);
  return `${salt.toString("hex")}$${(await scryptAsync(code, salt)).toString("hex")}`;
}

/** Whether `code` is the one `stored` was made from (constant-time comparison of the hashes). */
export async function codeMatches(code: string, stored: string): Promise<boolean> {
  const [saltHex, hashHex] = stored.split("$");
  if (!saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, "hex");
  const actual = await scryptAsync(code, Buffer.from(saltHex, "hex"));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Recovery codes: 10 of `xxxxx-xxxxx` (50 random bits each, lower-case base32 letters and digits). */
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b & 31]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code's hash: they carry 50 random bits, so a plain SHA-256 is enough. */
export function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(normalizeRecoveryCode(code)).digest("hex");
}

/** Codes are typed by hand: case, spaces and the dash do not matter. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

/**
 * The index of the hash `code` matches in `hashes`, or -1; every entry is compared (constant
 * time), so the timing does not tell which one matched.
 */
export function findRecoveryCode(code: string, hashes: readonly string[]): number {
  const given = Buffer.from(hashRecoveryCode(code), "hex");
  let found = -1;
  hashes.forEach((h, i) => {
    const stored = Buffer.from(h, "hex");
    if (stored.length === given.length && timingSafeEqual(stored, given) && found === -1) found = i;
  });
  return found;
}
