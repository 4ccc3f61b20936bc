import type { PasswordLane } from "./passwordPool.js";
import { hashPassword, verifyPassword } from "./passwords.js";

/** Where a save gets its bcrypt work done: in place, or prepared ahead (PreparedPasswords). */
export interface PasswordWork {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
}

/** The work done in place, when the save asks for it. */
export const INLINE_PASSWORDS: PasswordWork = { hash: (p) => hashPassword(p), verify: (p, h) => verifyPassword(p, h) };

/**
 * bcrypt work started ahead of a save, on one lane of the password pool: a batch prepares
 * its hashes and checks before its transaction begins, so the transaction (which holds every
 * other request back) only looks them up. What was not prepared is done in place.
 * One per save: a hash is never shared between two records with the same password.
 */
export class PreparedPasswords implements PasswordWork {
  private readonly hashes = new Map<string, Promise<string>>();
  private readonly checks = new Map<string, Promise<boolean>>();

  constructor(private readonly lane: PasswordLane) {}

  prepareHash(password: string): Promise<string> {
    let hash = this.hashes.get(password);
    if (!hash) this.hashes.set(password, (hash = hashPassword(password, this.lane)));
    return hash;
  }

  prepareCheck(password: string, hash: string): Promise<boolean> {
    const key = `${hash}\u0000${password}`;
    let ok = this.checks.get(key);
    if (!ok) this.checks.set(key, (ok = verifyPassword(password, hash, this.lane)));
    return ok;
  }

  hash(password: string): Promise<string> {
    return this.hashes.get(password) ?? hashPassword(password, this.lane);
  }

  verify(password: string, hash: string): Promise<boolean> {
    return this.checks.get(`${hash}\u0000${password}`) ?? verifyPassword(password, hash, this.lane);
  }
}
