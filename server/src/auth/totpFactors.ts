import type { Db } from "../db/types.js";
import { totpsRepo, type TotpRow } from "../db/totps.js";
import { badRequest, fieldError } from "../tools/errors.js";
import { newId } from "../tools/random.js";
import { formatDate } from "../tools/time.js";
import type { MfaSubject } from "./mfa.js";
import { findRecoveryCode, hashRecoveryCode, newRecoveryCodes } from "./secretCodes.js";
import { matchTotp, newTotpSecret, totpUri } from "./totp.js";

/** Seals secrets at rest (the `--encryptionEnv` key's AES-GCM, as the settings); absent: stored plain. */
export interface SecretBox {
  seal(plain: string): string;
  /** The plain text, or null when it does not open with this key. */
  open(sealed: string): string | null;
}

/** What a setup shows once: the secret, the URI for a QR code and the recovery codes. */
export interface TotpSetup {
  secret: string;
  uri: string;
  recoveryCodes: string[];
}

const SEALED = "enc:";
const FORM_INVALID = "An error occurred while validating the submitted data.";
export const invalidCode = () => badRequest(FORM_INVALID, { code: fieldError("validation_invalid_code", "Invalid or expired code.") });

/**
 * Authenticator-app factors (`_totps`) of records and admins. A setup is inactive until a
 * first code confirms it; then its codes (RFC 6238, ±1 step) or a recovery code (once each)
 * pass as a second factor. A code's time step is recorded when it is accepted, and a step at
 * or before the last one is refused, so a code seen by someone else cannot be replayed.
 */
export class TotpFactors {
  constructor(private readonly deps: { db: Db; box?: SecretBox | null; now?: () => number }) {}

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  async isActive(subject: MfaSubject): Promise<boolean> {
    return !!(await totpsRepo.find(this.deps.db, subject.collectionId, subject.recordId))?.active;
  }

  /** Records among `ids` with an active factor. */
  activeAmong(collectionId: string, ids: readonly string[]): Promise<Set<string>> {
    return totpsRepo.activeAmong(this.deps.db, collectionId, ids);
  }

  /** A new inactive factor (replacing an unconfirmed one); refused while one is active. */
  async setup(subject: MfaSubject, issuer: string, account: string): Promise<TotpSetup> {
    const secret = newTotpSecret();
    const recoveryCodes = newRecoveryCodes();
    const now = formatDate(new Date(this.now()));
    await this.deps.db.transaction(async (tx) => {
      const existing = await totpsRepo.find(tx, subject.collectionId, subject.recordId);
      if (existing?.active) throw badRequest("TOTP is already enabled; remove it before setting up a new one.");
      await totpsRepo.replace(tx, {
        id: newId(),
        collectionId: subject.collectionId,
        recordId: subject.recordId,
        secret: this.deps.box ? SEALED + this.deps.box.seal(secret) : secret,
        recoveryCodes: JSON.stringify(recoveryCodes.map(hashRecoveryCode)),
        created: now,
        updated: now,
      });
    });
    return { secret, uri: totpUri(secret, issuer, account), recoveryCodes };
  }

  /** Activates a set-up factor with a first code from the app (recovery codes do not count here). */
  async confirm(subject: MfaSubject, code: string): Promise<void> {
    const row = await totpsRepo.find(this.deps.db, subject.collectionId, subject.recordId);
    if (!row) throw badRequest("TOTP is not set up.");
    if (row.active) throw badRequest("TOTP is already enabled.");
    if (!(await this.useCode(row, code))) throw invalidCode();
  }

  /** Removes the factor; false when there was none. */
  async remove(subject: MfaSubject): Promise<boolean> {
    return this.deps.db.transaction((tx) => totpsRepo.delete(tx, subject.collectionId, subject.recordId));
  }

  /** Whether `code` (an app code, or a recovery code) passes for the active factor; an accepted one is used up. */
  async verify(subject: MfaSubject, code: string): Promise<boolean> {
    const row = await totpsRepo.find(this.deps.db, subject.collectionId, subject.recordId);
    if (!row?.active) return false;
    if (/^\d{6}$/.test(code)) return this.useCode(row, code);
    return this.useRecoveryCode(row, code);
  }

  private async useCode(row: TotpRow, code: string): Promise<boolean> {
    const secret = this.openSecret(row.secret);
    if (secret === null) return false;
    const step = matchTotp(secret, code, this.now());
    if (step === null || step <= row.lastStep) return false;
    return this.deps.db.transaction((tx) => totpsRepo.useStep(tx, row.id, step, formatDate(new Date(this.now()))));
  }

  private async useRecoveryCode(row: TotpRow, code: string): Promise<boolean> {
    let hashes: string[];
    try {
      hashes = JSON.parse(row.recoveryCodes) as string[];
    } catch {
      return false;
    }
    const at = findRecoveryCode(code, Array.isArray(hashes) ? hashes : []);
    if (at < 0) return false;
    const left = JSON.stringify(hashes.filter((_, i) => i !== at));
    // Conditional on the list as read: of two requests with the same code only one succeeds.
    return this.deps.db.transaction((tx) => totpsRepo.setRecoveryCodes(tx, row.id, row.recoveryCodes, left, formatDate(new Date(this.now()))));
  }

  private openSecret(stored: string): string | null {
    if (!stored.startsWith(SEALED)) return stored;
    return this.deps.box ? this.deps.box.open(stored.slice(SEALED.length)) : null;
  }
}
