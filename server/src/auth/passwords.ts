import { passwordPool, type PasswordLane } from "./passwordPool.js";

/** The reference's bcrypt cost. */
export const BCRYPT_COST = 12;

/**
 * Hashes on the password pool's own threads (auth/passwordPool.ts), never on the event loop
 * nor on libuv's thread pool, which file reads need.
 * The `$2b$` prefix is rewritten to `$2a$` (same algorithm) so hashes look exactly
 * like the reference's. Jobs on one `lane` take one turn among other requests' (passwordPool.ts).
 */
export async function hashPassword(password: string, lane?: PasswordLane): Promise<string> {
  const hash = await passwordPool().hash(password, BCRYPT_COST, lane);
  return hash.startsWith("$2b$") ? "$2a$" + hash.slice(4) : hash;
}

/** Constant-time comparison inside bcrypt; false (not an exception) for malformed hashes. */
export async function verifyPassword(password: string, hash: string, lane?: PasswordLane): Promise<boolean> {
  if (!hash) return false;
  try {
    return await passwordPool().compare(password, hash, lane);
  } catch {
    return false;
  }
}
