import type { Db } from "../db/types.js";
import type { EventBus } from "../events/bus.js";
import type { LogWriter } from "../logs/writer.js";
import type { Mailer } from "../mail/mailer.js";
import type { SettingsStore } from "../settings/store.js";
import type { RateLimitStore } from "../ratelimit/store.js";
import type { EmailOtps } from "../auth/emailOtp.js";
import type { MfaSessions } from "../auth/mfa.js";
import { invalidCode, type TotpFactors, type TotpSetup } from "../auth/totpFactors.js";
import { RECORD_REQUIRED, type Caller } from "../auth/caller.js";
import { recordsRepo } from "../db/records.js";
import { otpMail } from "../mail/templates.js";
import { mfaOptions, otpOptions, type CollectionModel } from "../models/collection.js";
import { recordFromRow, type RecordData } from "../models/record.js";
import { FailedTries } from "../ratelimit/failedTries.js";
import { badRequest, forbidden, notFound, unauthorized } from "../tools/errors.js";
import { collectErrors, email as emailCheck, lengthBetween, required } from "../tools/validate.js";
import { nowString } from "../tools/time.js";
import { mfaIdOf, type RecordAuth } from "./auth.js";
import { updateAuthRecord } from "./authRecordWrite.js";
import { dropUnprovenLinks } from "./externalAuths.js";

type Read<T> = () => T;

const FORM_INVALID = "An error occurred while validating the submitted data.";
const OTP_OFF = "The collection is not configured to allow OTP authentication.";
/** Codes mailed per address and collection in a window, whether or not the address has an account. */
const OTP_REQUESTS = { max: 5, windowMs: 15 * 60 * 1000 };
/** Wrong authenticator codes per account in a window (6 digits: a few tries must not add up; right ones do not count). */
const TOTP_TRIES = { max: 5, windowMs: 5 * 60 * 1000 };

/** What the sign-in factors of auth records use. */
export interface RecordSignInFactorsDeps {
  db: Db;
  events: EventBus;
  settings: Pick<SettingsStore, "get">;
  mailer: Pick<Mailer, "send">;
  logs: Pick<LogWriter, "error">;
  recordAuth: Pick<RecordAuth, "authCollection" | "signInAnswer">;
  otps: EmailOtps;
  totp: TotpFactors;
  sessions: MfaSessions;
  /** Counters for the per-address and per-account limits (the rate limiter's store type; shared by nodes when it is). */
  limits: RateLimitStore;
}

/**
 * Auth records' sign-in beyond the password: email one-time codes (`request-otp`,
 * `auth-with-otp`), authenticator apps as a second factor (`auth-with-totp`) and a record's
 * TOTP setup. Every sign-in ends in RecordAuth.signInAnswer, which applies the MFA rules.
 */
export class RecordSignInFactors {
  private readonly tries: FailedTries;

  constructor(private readonly deps: RecordSignInFactorsDeps) {
    this.tries = new FailedTries(deps.limits);
  }

  // ------------------------------------------------------------ email one-time codes

  /** `request-otp`: `{otpId}` whether or not the address has an account (the code is mailed in the background). */
  async requestOtp(idOrName: string, read: Read<{ email?: string }>): Promise<{ otpId: string }> {
    const c = await this.deps.recordAuth.authCollection(idOrName);
    if (!otpOptions(c).enabled) throw forbidden(OTP_OFF);
    const body = read();
    const errors = collectErrors({ email: [required(body.email), emailCheck(body.email), lengthBetween(1, 255)(body.email)] });
    if (errors) throw badRequest(FORM_INVALID, errors);
    const address = body.email!;
    await this.tries.count(`otp-request:${c.id}:${address.toLowerCase()}`, OTP_REQUESTS);
    const row = await recordsRepo.findFirstBy(this.deps.db, c.name, "email", address);
    if (!row) return { otpId: await this.deps.otps.decoy(c) };
    const record = recordFromRow(c, row);
    const to = String(record.email);
    const { otpId, code } = await this.deps.otps.issue(c, String(record.id), to);
    void this.deps.mailer
      .send(otpMail(this.deps.settings.get(), to, code, otpId))
      .catch((err) => this.deps.logs.error("Failed to send OTP email.", err));
    return { otpId };
  }

  /** `auth-with-otp`: the code of `otpId` signs in its record (and proves its email). */
  async authWithOtp(idOrName: string, read: Read<{ otpId?: string; password?: string; mfaId?: string }>, who: Caller, query: Record<string, unknown>) {
    const c = await this.deps.recordAuth.authCollection(idOrName);
    if (!otpOptions(c).enabled) throw forbidden(OTP_OFF);
    const body = read();
    const errors = collectErrors({
      otpId: [required(body.otpId), lengthBetween(1, 255)(body.otpId)],
      password: [required(body.password), lengthBetween(1, 71)(body.password)],
      mfaId: [lengthBetween(1, 255)(body.mfaId)],
    });
    if (errors) throw badRequest(FORM_INVALID, errors);
    const otp = await this.deps.otps.redeem(c, body.otpId!, body.password!);
    let record = await this.findRecord(c, otp.recordId);
    if (!record) throw badRequest("Invalid or expired OTP");
    // The code reached the address it was sent to: that proves the address (as PocketBase v0.23).
    if (record.verified !== true && otp.sentTo !== "" && otp.sentTo === record.email) record = await this.markVerified(c, record);
    return this.deps.recordAuth.signInAnswer(c, record, "otp", who, query, mfaIdOf(query, body));
  }

  // ------------------------------------------------------------ authenticator apps

  /** `auth-with-totp`: an authenticator (or recovery) code as the second factor of the MFA session `mfaId`. */
  async authWithTotp(idOrName: string, read: Read<{ mfaId?: string; code?: string }>, who: Caller, query: Record<string, unknown>) {
    const c = await this.deps.recordAuth.authCollection(idOrName);
    const body = read();
    const errors = collectErrors({ mfaId: [required(body.mfaId), lengthBetween(1, 255)(body.mfaId)], code: [required(body.code), lengthBetween(1, 64)(body.code)] });
    if (errors) throw badRequest(FORM_INVALID, errors);
    const session = await this.deps.sessions.open(body.mfaId!, mfaOptions(c).duration);
    if (session.collectionId !== c.id) throw badRequest("Invalid MFA session.");
    const record = await this.findRecord(c, session.recordId);
    if (!record) throw badRequest("Invalid or expired MFA session.");
    const subject = { collectionId: c.id, recordId: session.recordId };
    await this.checkCode(subject, body.code!);
    return this.deps.recordAuth.signInAnswer(c, record, "totp", who, query, body.mfaId!);
  }

  /** A new (inactive) TOTP factor for the record: its secret, `otpauth://` URI and recovery codes, shown once. */
  async totpSetup(idOrName: string, id: string, who: Caller): Promise<TotpSetup> {
    const { c, record } = await this.ownRecord(idOrName, id, who);
    const account = String(record.email || record.username || record.id);
    return this.deps.totp.setup({ collectionId: c.id, recordId: id }, this.deps.settings.get().meta.appName, account);
  }

  /** Activates the record's factor with a first code from the app. */
  async totpConfirm(idOrName: string, id: string, who: Caller, read: Read<{ code?: string }>): Promise<void> {
    const { c } = await this.ownRecord(idOrName, id, who);
    const body = read();
    const errors = collectErrors({ code: [required(body.code), lengthBetween(1, 64)(body.code)] });
    if (errors) throw badRequest(FORM_INVALID, errors);
    await this.deps.totp.confirm({ collectionId: c.id, recordId: id }, body.code!);
  }

  /** Removes the record's factor: an admin at will, the record itself with a current (or recovery) code. */
  async totpDelete(idOrName: string, id: string, who: Caller, read: Read<{ code?: string }>): Promise<void> {
    const { c } = await this.ownRecord(idOrName, id, who);
    const subject = { collectionId: c.id, recordId: id };
    if (!who.admin && (await this.deps.totp.isActive(subject))) {
      const body = read();
      const errors = collectErrors({ code: [required(body.code), lengthBetween(1, 64)(body.code)] });
      if (errors) throw badRequest(FORM_INVALID, errors);
      await this.checkCode(subject, body.code!);
    }
    if (!(await this.deps.totp.remove(subject))) throw notFound();
  }

  // ------------------------------------------------------------ helpers

  /** The record when the caller is an admin or that record itself (others: 401/403 before any lookup). */
  private async ownRecord(idOrName: string, id: string, who: Caller): Promise<{ c: CollectionModel; record: RecordData }> {
    const c = await this.deps.recordAuth.authCollection(idOrName);
    if (!who.admin) {
      const auth = who.info.auth;
      if (!auth) throw unauthorized(RECORD_REQUIRED);
      if (auth.collection.id !== c.id || String((auth.record as { id?: unknown }).id) !== id) throw forbidden();
    }
    const record = await this.findRecord(c, id);
    if (!record) throw notFound();
    return { c, record };
  }

  private async findRecord(c: CollectionModel, id: string): Promise<RecordData | null> {
    const row = await recordsRepo.findById(this.deps.db, c.name, id);
    return row ? recordFromRow(c, row) : null;
  }

  /** Marks the record verified (its unproven OAuth2 links go, as with a verification link) and announces it. */
  private async markVerified(c: CollectionModel, record: RecordData): Promise<RecordData> {
    const id = String(record.id);
    const saved = await this.deps.db.transaction(async (tx) => {
      const updated = await updateAuthRecord(tx, this.deps.events, c, id, { verified: 1, updated: nowString() }, record);
      await dropUnprovenLinks(tx, c, id);
      return updated;
    });
    return saved ?? record;
  }

  /** An authenticator or recovery code of the record's factor; wrong ones count towards a lockout. */
  private async checkCode(subject: { collectionId: string; recordId: string }, code: string): Promise<void> {
    const key = `totp:${subject.collectionId}:${subject.recordId}`;
    await this.tries.check(key, TOTP_TRIES);
    if (await this.deps.totp.verify(subject, code)) return;
    await this.tries.fail(key, TOTP_TRIES);
    throw invalidCode();
  }
}
