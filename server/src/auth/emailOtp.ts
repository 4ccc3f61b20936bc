import type { Db } from "../db/types.js";
import { otpsRepo, type OtpRow } from "../db/otps.js";
import type { CollectionModel } from "../models/collection.js";
import { otpOptions } from "../models/collection.js";
import { badRequest } from "../tools/errors.js";
import { newId } from "../tools/random.js";
import { formatDate, parseDate } from "../tools/time.js";
import { codeMatches, hashCode, newNumericCode } from "./secretCodes.js";

/** Wrong codes an otpId survives; the next wrong one removes it. */
export const OTP_MAX_ATTEMPTS = 5;
export const INVALID_OTP = "Invalid or expired OTP";

/** An issued code: the id the client gets and the code the mail carries. */
export interface IssuedOtp {
  otpId: string;
  code: string;
}

/**
 * Email one-time codes (`_otps`): issued for a record, kept as a salted scrypt hash, good
 * once, for the collection's `otp.duration`, and burnt after OTP_MAX_ATTEMPTS wrong tries.
 * Mailing them and rate limits are the caller's.
 */
export class EmailOtps {
  constructor(private readonly deps: { db: Db; now?: () => number }) {}

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  /** A new code for the record, stored hashed. */
  async issue(c: CollectionModel, recordId: string, sentTo: string): Promise<IssuedOtp> {
    const code = newNumericCode(otpOptions(c).length);
    const now = formatDate(new Date(this.now()));
    const row: OtpRow = { id: newId(), collectionId: c.id, recordId, sentTo, codeHash: await hashCode(code), attempts: 0, created: now, updated: now };
    await this.deps.db.transaction((tx) => otpsRepo.insert(tx, row));
    return { otpId: row.id, code };
  }

  /**
   * An otpId for an address no record has: the same shape, after the same hashing work, so
   * neither the answer nor its timing tells whether the email exists.
   */
  async decoy(c: CollectionModel): Promise<string> {
    await hashCode(newNumericCode(otpOptions(c).length));
    return newId();
  }

  /**
   * The code's row when `code` is right, for this collection and in time; the row is removed
   * (single use). A wrong code counts an attempt and the last allowed one removes the row.
   * Every refusal is the same bad request (no telling which check failed).
   */
  async redeem(c: CollectionModel, otpId: string, code: string): Promise<OtpRow> {
    const row = await otpsRepo.findById(this.deps.db, otpId);
    if (!row || row.collectionId !== c.id) throw badRequest(INVALID_OTP);
    const created = parseDate(row.created);
    if (!created || this.now() - created.getTime() > otpOptions(c).duration * 1000) {
      await this.deps.db.transaction((tx) => otpsRepo.delete(tx, row.id));
      throw badRequest(INVALID_OTP);
    }
    if (!(await codeMatches(code, row.codeHash))) {
      await this.deps.db.transaction(async (tx) => {
        const attempts = await otpsRepo.addAttempt(tx, row.id, formatDate(new Date(this.now())));
        if (attempts !== null && attempts >= OTP_MAX_ATTEMPTS) await otpsRepo.delete(tx, row.id);
      });
      throw badRequest(INVALID_OTP);
    }
    // Deleting is what makes it single-use: of two requests with the right code only one deletes it.
    const used = await this.deps.db.transaction((tx) => otpsRepo.delete(tx, row.id));
    if (!used) throw badRequest(INVALID_OTP);
    return row;
  }
}
