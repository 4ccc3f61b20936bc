import type { Db } from "../db/types.js";
import type { EventBus } from "../events/bus.js";
import type { LogWriter } from "../logs/writer.js";
import type { Mailer } from "../mail/mailer.js";
import type { SettingsStore } from "../settings/store.js";
import type { EndpointOverrides } from "../auth/oauth2/index.js";
import type { RecordAuth } from "./auth.js";
import { hashPassword, verifyPassword } from "../auth/passwords.js";
import { peekToken, signToken, verifyToken, type TokenClaims } from "../auth/tokens.js";
import { recordsRepo } from "../db/records.js";
import { collectionsRepo } from "../db/collections.js";
import { badRequest, FE, fieldError, type FieldError, forbidden } from "../tools/errors.js";
import { requireAuthRecord, type Caller } from "../auth/caller.js";
import { templateMail, type TemplateKind } from "../mail/templates.js";
import { authOptions, isAuth, type CollectionModel } from "../models/collection.js";
import { collectErrors, email as emailCheck, lengthBetween, required } from "../tools/validate.js";
import type { Settings } from "../models/settings.js";
import { randomString } from "../tools/random.js";
import { nowString, parseDate } from "../tools/time.js";
import type { AuthRecord } from "./auth.js";
import { enabledProviders, type ProviderInfo } from "./authFlowsProviders.js";
import { recordFromRow, type RecordData } from "../models/record.js";
import { dropUnprovenLinks } from "./externalAuths.js";
import { updateAuthRecord } from "./authRecordWrite.js";

/** A form read lazily, after the collection and access checks. */
type Read<T> = () => T;

const GENERIC = "Something went wrong while processing your request.";
const FORM_INVALID = "An error occurred while validating the form.";
/** The reference sends at most one verification or reset mail per record every two minutes. */
const RESEND_MS = 2 * 60 * 1000;
/** The longest password the reference's reset form accepts (bcrypt itself stops at 72 bytes). */
const PASSWORD_MAX = 100;

type TokenSetting = "recordVerificationToken" | "recordPasswordResetToken" | "recordEmailChangeToken";

const invalidToken = () => fieldError("validation_invalid_token", "Invalid or expired token.");
const collectionMismatch = () => fieldError("validation_token_collection_mismatch", "The provided token is for different auth collection.");

/** What the flows work with. */
export interface RecordAuthFlowsDeps {
  readonly db: Db;
  readonly events: EventBus;
  readonly settings: Pick<SettingsStore, "get">;
  readonly mailer: Pick<Mailer, "send">;
  readonly recordAuth: Pick<RecordAuth, "authCollection">;
  readonly logs: Pick<LogWriter, "error">;
  readonly oauth2Endpoints?: EndpointOverrides;
}

/**
 * The auth records' mail flows: email verification, password reset and email change.
 * Each flow's token is an HS256 JWT `{id, type: "authRecord", collectionId, email[, newEmail]}`
 * signed with the record's tokenKey followed by the flow's settings secret, as the
 * reference's, so a link mailed by either server works on the other. Every record change
 * commits in one transaction and is announced with one `record.update`.
 */
export class RecordAuthFlows {
  constructor(private readonly deps: RecordAuthFlowsDeps) {}

  // ------------------------------------------------------------ the API: collection, caller, lazily read form

  /** Mails a verification link in the background, so the answer does not tell whether the email exists. */
  async verificationRequest(idOrName: string, read: Read<{ email?: string }>): Promise<void> {
    const c = await this.deps.recordAuth.authCollection(idOrName);
    const body = read();
    this.validateEmailRequest(body);
    void this.background("verification", this.requestVerification(c, body.email!));
  }

  async verificationConfirm(idOrName: string, read: Read<{ token?: string }>): Promise<void> {
    const c = await this.deps.recordAuth.authCollection(idOrName);
    await this.confirmVerification(c, read());
  }

  async passwordResetRequest(idOrName: string, read: Read<{ email?: string }>): Promise<void> {
    const c = await this.deps.recordAuth.authCollection(idOrName);
    const opts = authOptions(c);
    if (!opts.allowEmailAuth && !opts.allowUsernameAuth) throw badRequest("The collection is not configured to allow password authentication.");
    const body = read();
    this.validateEmailRequest(body);
    void this.background("password reset", this.requestPasswordReset(c, body.email!));
  }

  async passwordResetConfirm(idOrName: string, read: Read<{ token?: string; password?: string; passwordConfirm?: string }>): Promise<void> {
    const c = await this.deps.recordAuth.authCollection(idOrName);
    await this.confirmPasswordReset(c, read());
  }

  /** Only the signed-in record of this collection may ask to change its email. */
  async emailChangeRequest(idOrName: string, who: Caller, read: Read<{ newEmail?: string }>): Promise<void> {
    const c = await this.deps.recordAuth.authCollection(idOrName);
    const auth = requireAuthRecord(who);
    if (auth.collection.id !== c.id) throw forbidden(`The request requires auth record from ${auth.collection.name} collection.`);
    await this.requestEmailChange(c, auth, read());
  }

  async emailChangeConfirm(idOrName: string, read: Read<{ token?: string; password?: string }>): Promise<void> {
    const c = await this.deps.recordAuth.authCollection(idOrName);
    await this.confirmEmailChange(c, read());
  }

  /** The sign-in methods a collection offers. */
  async methods(idOrName: string) {
    return this.authMethods(await this.deps.recordAuth.authCollection(idOrName));
  }

  private background(what: string, p: Promise<void>): Promise<void> {
    return p.catch((err) => this.deps.logs.error(`Failed to send ${what} email.`, err));
  }

  // ------------------------------------------------------------ validation of the request forms

  validateEmailRequest(input: { email?: string }): void {
    const errors = collectErrors({ email: [required(input.email), emailCheck(input.email)] });
    if (errors) throw badRequest(FORM_INVALID, errors);
  }

  // ------------------------------------------------------------ verification

  /** Mails a verification link when the email names an unverified record; silent otherwise. */
  async requestVerification(c: CollectionModel, emailAddr: string): Promise<void> {
    const record = await this.findByEmail(c, emailAddr);
    if (!record || record.verified === true) return;
    if (recentlySent(record.lastVerificationSentAt)) return;
    const token = await this.sign("recordVerificationToken", c, record);
    await this.mail("verification", String(record.email), token);
    const now = nowString();
    await this.save(c, record, { lastVerificationSentAt: now, updated: now });
  }

  async confirmVerification(c: CollectionModel, input: { token?: string }): Promise<void> {
    let err: FieldError | null = required(input.token);
    let found: AuthRecord | null = null;
    if (!err) {
      const claims = peekToken(input.token!);
      if (!claims || typeof claims.email !== "string" || claims.email === "") {
        err = fieldError("validation_invalid_token_claims", "Missing email token claim.");
      } else {
        found = await this.resolve(input.token!, "recordVerificationToken");
        if (!found) err = invalidToken();
        else if (found.collection.id !== c.id) err = collectionMismatch();
        else if (found.record.email !== claims.email) {
          err = fieldError("validation_token_email_mismatch", "The record email doesn't match with the requested token claims.");
        }
      }
    }
    if (err) throw badRequest(GENERIC, { token: err });
    if (found!.record.verified === true) return;
    await this.save(c, found!.record, { verified: 1, updated: nowString() }, true);
  }

  // ------------------------------------------------------------ password reset

  /** Mails a password reset link when the email names a record; silent otherwise. */
  async requestPasswordReset(c: CollectionModel, emailAddr: string): Promise<void> {
    const record = await this.findByEmail(c, emailAddr);
    if (!record) return;
    if (recentlySent(record.lastResetSentAt)) return;
    const token = await this.sign("recordPasswordResetToken", c, record);
    await this.mail("password-reset", String(record.email), token);
    const now = nowString();
    await this.save(c, record, { lastResetSentAt: now, updated: now });
  }

  async confirmPasswordReset(c: CollectionModel, input: { token?: string; password?: string; passwordConfirm?: string }): Promise<void> {
    let found: AuthRecord | null = null;
    let tokenErr: FieldError | null = required(input.token);
    if (!tokenErr) {
      found = await this.resolve(input.token!, "recordPasswordResetToken");
      if (!found) tokenErr = invalidToken();
      else if (found.collection.id !== c.id) tokenErr = collectionMismatch();
    }
    const min = Math.max(authOptions(c).minPasswordLength, 0);
    const errors = collectErrors({
      password: [required(input.password), lengthBetween(min, PASSWORD_MAX)(input.password)],
      passwordConfirm: [required(input.passwordConfirm), input.passwordConfirm && input.passwordConfirm !== input.password ? FE.mismatch() : null],
      token: [tokenErr],
    });
    if (errors) throw badRequest(GENERIC, errors);
    // bcrypt refuses more than 72 bytes: the reference answers with a bare bad request then.
    if (Buffer.byteLength(input.password!, "utf8") > 72) throw badRequest(GENERIC);
    const record = found!.record;
    const claims = peekToken(input.token!);
    const row: Record<string, unknown> = { passwordHash: await hashPassword(input.password!), tokenKey: randomString(50), updated: nowString() };
    // The mail reached its owner, which proves the address.
    if (record.verified !== true && claims?.email === record.email) row.verified = 1;
    await this.save(c, record, row, !!row.verified);
  }

  // ------------------------------------------------------------ email change

  /** Validates the new address and mails a confirmation link to it (synchronously, as the reference). */
  async requestEmailChange(c: CollectionModel, a: AuthRecord, input: { newEmail?: string }): Promise<void> {
    const taken = !!input.newEmail && (await recordsRepo.valueTaken(this.deps.db, c.name, "email", input.newEmail, ""));
    const errors = collectErrors({
      newEmail: [
        required(input.newEmail),
        emailCheck(input.newEmail),
        taken ? fieldError("validation_record_email_invalid", "User email already exists or it is invalid.") : null,
      ],
    });
    if (errors) throw badRequest(GENERIC, errors);
    const token = await this.sign("recordEmailChangeToken", c, a.record, { newEmail: input.newEmail });
    try {
      await this.mail("email-change", input.newEmail!, token);
    } catch {
      throw badRequest("Failed to request email change.");
    }
  }

  async confirmEmailChange(c: CollectionModel, input: { token?: string; password?: string }): Promise<void> {
    // The token's record, when the token is sound and its new email still free.
    let found: AuthRecord | null = null;
    let newEmail = "";
    let tokenErr: FieldError | null = required(input.token);
    if (!tokenErr) {
      const claims = peekToken(input.token!);
      if (!claims || typeof claims.newEmail !== "string" || claims.newEmail === "") {
        tokenErr = fieldError("validation_invalid_token_payload", "Invalid token payload - newEmail must be set.");
      } else {
        newEmail = claims.newEmail;
        const a = await this.resolve(input.token!, "recordEmailChangeToken");
        if (!a) tokenErr = invalidToken();
        else if (await recordsRepo.valueTaken(this.deps.db, a.collection.name, "email", newEmail, "")) {
          tokenErr = fieldError("validation_existing_token_email", `The new email address is already registered: ${newEmail}.`);
        } else {
          found = a;
          if (a.collection.id !== c.id) tokenErr = collectionMismatch();
        }
      }
    }
    let passwordErr: FieldError | null = required(input.password);
    if (!passwordErr && !(found && (await verifyPassword(input.password!, String(found.record.passwordHash ?? ""))))) {
      passwordErr = fieldError("validation_invalid_password", "Missing or invalid auth record password.");
    }
    const errors = collectErrors({ password: [passwordErr], token: [tokenErr] });
    if (errors) throw badRequest(GENERIC, errors);
    await this.save(c, found!.record, { email: newEmail, verified: 1, tokenKey: randomString(50), updated: nowString() });
  }

  // ------------------------------------------------------------ auth methods

  /** What the sign-in screen may offer for a collection: password sign-in kinds and the enabled OAuth2 providers. */
  authMethods(c: CollectionModel): { authProviders: ProviderInfo[]; usernamePassword: boolean; emailPassword: boolean; onlyVerified: boolean } {
    const opts = authOptions(c);
    const authProviders = opts.allowOAuth2Auth ? enabledProviders(this.deps.settings.get(), this.deps.oauth2Endpoints) : [];
    return { authProviders, usernamePassword: !!opts.allowUsernameAuth, emailPassword: !!opts.allowEmailAuth, onlyVerified: !!opts.onlyVerified };
  }

  // ------------------------------------------------------------ helpers

  private async findByEmail(c: CollectionModel, emailAddr: string): Promise<RecordData | null> {
    const row = await recordsRepo.findFirstBy(this.deps.db, c.name, "email", emailAddr);
    return row ? recordFromRow(c, row) : null;
  }

  /**
   * Writes the record's columns in one transaction, with its unproven OAuth2 links when the
   * change proves its email, and announces it (one `record.update`).
   */
  private async save(c: CollectionModel, previous: RecordData, row: Record<string, unknown>, proven = false): Promise<void> {
    const id = String(previous.id);
    await this.deps.db.transaction(async (tx) => {
      await updateAuthRecord(tx, this.deps.events, c, id, row, previous);
      if (proven) await dropUnprovenLinks(tx, c, id);
    });
  }

  private async sign(kind: TokenSetting, c: CollectionModel, record: RecordData, extra: Record<string, unknown> = {}): Promise<string> {
    const cfg = this.deps.settings.get()[kind];
    const claims = { id: String(record.id), type: "authRecord" as const, collectionId: c.id, email: String(record.email ?? ""), ...extra };
    return signToken(claims, String(record.tokenKey) + cfg.secret, cfg.duration);
  }

  private async mail(kind: TemplateKind, to: string, token: string): Promise<void> {
    const settings: Settings = this.deps.settings.get();
    await this.deps.mailer.send(templateMail(settings, kind, to, token));
  }

  /** The record a flow token names, when its collection is an auth one and the signature holds. */
  private async resolve(token: string, kind: TokenSetting): Promise<AuthRecord | null> {
    const claims: TokenClaims | null = peekToken(token);
    if (!claims || typeof claims.collectionId !== "string") return null;
    const collection = await collectionsRepo.findById(this.deps.db, claims.collectionId);
    if (!collection || !isAuth(collection)) return null;
    const row = await recordsRepo.findById(this.deps.db, collection.name, claims.id);
    if (!row) return null;
    const record = recordFromRow(collection, row);
    const secret = this.deps.settings.get()[kind].secret;
    return (await verifyToken(token, String(record.tokenKey) + secret)) ? { collection, record } : null;
  }
}

function recentlySent(value: unknown): boolean {
  const last = typeof value === "string" ? parseDate(value) : null;
  return !!last && Date.now() - last.getTime() < RESEND_MS;
}
