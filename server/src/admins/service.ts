import type { Db, Queryable, Tx } from "../db/types.js";
import type { EventBus } from "../events/bus.js";
import type { Mailer } from "../mail/mailer.js";
import type { SettingsStore } from "../settings/store.js";
import { adminsRepo } from "../db/admins.js";
import { badRequest, fieldError, FE, notFound, unauthorized, ValidationError } from "../tools/errors.js";
import { ADMIN_COLUMNS, ADMIN_PASSWORD_MAX, ADMIN_PASSWORD_MIN, adminJson, type AdminRow } from "../models/admin.js";
import { ADMIN_REQUIRED, requireAdmin, requireAdminModel, type Caller } from "../auth/caller.js";
import { runList } from "../query/list.js";
import { tableResolver } from "../query/tableResolver.js";
import type { ListQuery, ListResult } from "../query/types.js";
import { hashPassword, verifyPassword } from "../auth/passwords.js";
import { peekToken, signToken, verifyToken } from "../auth/tokens.js";
import { collectErrors, email, exactLength, intBetween, lengthBetween, matchRegex, required } from "../tools/validate.js";
import { newId, randomString } from "../tools/random.js";
import { nowString, parseDate } from "../tools/time.js";
import { adminPasswordResetMail } from "../mail/templates.js";
import { ADMINS_SUBJECT, mfaRequired, type MfaSessions } from "../auth/mfa.js";
import type { TotpFactors } from "../auth/totpFactors.js";

export interface AdminInput {
  id?: string;
  email?: string;
  avatar?: number;
  password?: string;
  passwordConfirm?: string;
}

const ID_RE = /^[a-z0-9]+$/;
/** The reference waits this long before sending another reset mail to the same admin. */
const RESET_RESEND_MS = 2 * 60 * 1000;
const GENERIC = "Something went wrong while processing your request.";

/** A form read lazily, after the access checks (the HTTP layer decodes it). */
type Read<T> = () => T;

/** An admin as the API shows it; `totp: true` only while the admin has an authenticator app (absent otherwise, as v0.22 answers). */
export type AdminJson = ReturnType<typeof adminJson> & { totp?: true };

/** What a sign-in or token refresh answers. */
export interface AdminAuthResponse {
  admin: AdminJson;
  token: string;
}

/** Admins' second factor: an admin with an active authenticator app signs in with its code after the password. */
export interface AdminFactors {
  totp: Pick<TotpFactors, "isActive">;
  sessions: Pick<MfaSessions, "begin">;
}

/**
 * Admin accounts: validation, persistence, sign-in and password reset. Every method of the
 * API takes the caller and checks access itself; the CLI calls with SYSTEM_CALLER.
 * Each write (create, update, delete, reset) is one transaction and announces itself with
 * one `admin.save` / `admin.delete` event once committed.
 */
export class AdminService {
  constructor(private readonly deps: { db: Db; settings: SettingsStore; mailer: Mailer; events: EventBus; factors?: AdminFactors }) {}

  findById(id: string): Promise<AdminRow | undefined> {
    return adminsRepo.findById(this.deps.db, id);
  }

  findByEmail(email: string): Promise<AdminRow | undefined> {
    return adminsRepo.findByEmail(this.deps.db, email);
  }

  count(): Promise<number> {
    return adminsRepo.count(this.deps.db);
  }

  // ------------------------------------------------------------ the API, caller first

  /**
   * `auth-with-password`: the admin and a new auth token; a bad request "Failed to authenticate."
   * otherwise. An admin with an authenticator app gets the unauthorized `mfaId` answer instead,
   * for `auth-with-totp` to complete.
   */
  async signIn(read: Read<{ identity?: string; password?: string }>): Promise<AdminAuthResponse> {
    const body = read();
    this.validateSignIn(body);
    const admin = await this.authenticate(body.identity!, body.password!);
    const f = this.deps.factors;
    if (f && (await f.totp.isActive(this.subject(admin)))) throw mfaRequired(await f.sessions.begin(this.subject(admin), "password"));
    return this.authResponse(admin);
  }

  /** The answer of a completed sign-in (the second factor's service calls it after the code). */
  signedIn(admin: AdminRow): Promise<AdminAuthResponse> {
    return this.authResponse(admin);
  }

  private subject(admin: AdminRow) {
    return { collectionId: ADMINS_SUBJECT, recordId: admin.id };
  }

  /** The admin's JSON, with `totp: true` while an authenticator app is active. */
  private async withFactors(admin: AdminRow): Promise<AdminJson> {
    const on = this.deps.factors ? await this.deps.factors.totp.isActive(this.subject(admin)) : false;
    return on ? { ...adminJson(admin), totp: true } : adminJson(admin);
  }

  /** `auth-refresh`: a new token for the signed-in admin. */
  async refresh(who: Caller): Promise<AdminAuthResponse> {
    return this.authResponse(requireAdminModel(who));
  }

  /** Validates the form, then mails the reset link in the background (the answer never tells whether the email exists). */
  requestReset(read: Read<{ email?: string }>, onError: (err: unknown) => void): void {
    const body = read();
    this.validateResetRequest(body);
    this.requestPasswordReset(body.email!).catch(onError);
  }

  async confirmReset(read: Read<{ token?: string; password?: string; passwordConfirm?: string }>): Promise<void> {
    await this.confirmPasswordReset(read());
  }

  list(who: Caller, query: ListQuery): Promise<ListResult<ReturnType<typeof adminJson>>> {
    requireAdmin(who);
    return runList(this.deps.db, { table: "_admins", resolver: tableResolver(this.deps.db.dialect, "_admins", ADMIN_COLUMNS, { insertionOrder: true }), query, mapRow: (row) => adminJson(row as unknown as AdminRow) });
  }

  async view(who: Caller, id: string): Promise<AdminJson> {
    requireAdmin(who);
    return this.withFactors(await this.loadOr404(this.deps.db, id));
  }

  /** Without auth only the installer may create an admin, and only while none exists. */
  async create(who: Caller, read: Read<AdminInput>): Promise<ReturnType<typeof adminJson>> {
    if (!who.admin && (await this.count()) > 0) throw unauthorized(ADMIN_REQUIRED);
    return adminJson(await this.createAdmin(read(), !who.admin));
  }

  async update(who: Caller, id: string, read: Read<AdminInput>): Promise<ReturnType<typeof adminJson>> {
    requireAdmin(who);
    const admin = await this.loadOr404(this.deps.db, id);
    const { id: _ignored, ...input } = read();
    return adminJson(await this.updateAdmin(admin, input));
  }

  async delete(who: Caller, id: string): Promise<void> {
    requireAdmin(who);
    await this.deps.db.transaction(async (tx) => {
      const admin = await this.loadOr404(tx, id);
      // Counted in the transaction, so two deletes at once cannot remove the last two admins.
      if ((await adminsRepo.count(tx)) <= 1) throw badRequest("Failed to delete admin.");
      await adminsRepo.delete(tx, admin.id);
      tx.afterCommit(() => this.deps.events.emit({ type: "admin.delete", admin }));
    });
  }

  // ------------------------------------------------------------ internals (and the CLI)

  private async loadOr404(q: Queryable, id: string): Promise<AdminRow> {
    const admin = await adminsRepo.findById(q, id);
    if (!admin) throw notFound();
    return admin;
  }

  private async authResponse(admin: AdminRow): Promise<AdminAuthResponse> {
    return { admin: await this.withFactors(admin), token: await this.authToken(admin) };
  }

  /**
   * Inserts an admin row in a transaction of its own and announces it once committed.
   * `check` runs first in the same transaction (a condition the write depends on).
   */
  private async insert(admin: AdminRow, check?: (tx: Tx) => Promise<void>): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await check?.(tx);
      await adminsRepo.insert(tx, admin);
      tx.afterCommit(() => this.deps.events.emit({ type: "admin.save", admin }));
    });
  }

  /**
   * Sets `fields` on the admin's row as it is inside the transaction (so a write that
   * committed meanwhile, e.g. a password change during a reset mail, is kept) and announces
   * the result once committed. A 404 when the admin is gone.
   */
  private async change(id: string, fields: Partial<AdminRow>): Promise<AdminRow> {
    return this.deps.db.transaction(async (tx) => {
      const admin: AdminRow = { ...(await this.loadOr404(tx, id)), ...fields };
      await adminsRepo.update(tx, admin);
      tx.afterCommit(() => this.deps.events.emit({ type: "admin.save", admin }));
      return admin;
    });
  }

  /** `installer`: a guest creating the first admin; refused when another one got in first. */
  private async createAdmin(input: AdminInput, installer: boolean): Promise<AdminRow> {
    const idTaken = input.id ? !!(await this.findById(input.id)) : false;
    const emailTaken = await this.emailTaken(input.email);
    const errors = collectErrors({
      id: [exactLength(15)(input.id), matchRegex(ID_RE)(input.id), idTaken ? fieldError("validation_invalid_id", "The model id is invalid or already exists.") : null],
      avatar: [intBetween(0, 9)(input.avatar)],
      email: [required(input.email), email(input.email), emailTaken ? emailExists() : null],
      password: [required(input.password), lengthBetween(ADMIN_PASSWORD_MIN, ADMIN_PASSWORD_MAX)(input.password)],
      passwordConfirm: [input.password ? required(input.passwordConfirm) : null, input.passwordConfirm !== undefined && input.passwordConfirm !== input.password ? FE.mismatch() : null],
    });
    if (errors) throw new ValidationError(GENERIC, errors);
    const onlyIfNone = async (tx: Tx) => {
      if ((await adminsRepo.count(tx)) > 0) throw unauthorized(ADMIN_REQUIRED);
    };
    return this.insertNew(input.email!, input.password!, input.id, input.avatar, installer ? onlyIfNone : undefined);
  }

  /** Inserts without form validation: the CLI checks email and password by its own rules first. */
  async insertNew(email: string, password: string, id?: string, avatar?: number, check?: (tx: Tx) => Promise<void>): Promise<AdminRow> {
    const now = nowString();
    const admin: AdminRow = {
      id: id || newId(),
      avatar: avatar ?? 0,
      email,
      tokenKey: randomString(50),
      passwordHash: await hashPassword(password),
      lastResetSentAt: "",
      created: now,
      updated: now,
    };
    await this.insert(admin, check);
    return admin;
  }

  /** Sets a new password and rotates the token key, which signs out every session of this admin. */
  async setPassword(admin: AdminRow, password: string): Promise<AdminRow> {
    return this.change(admin.id, { passwordHash: await hashPassword(password), tokenKey: randomString(50), updated: nowString() });
  }

  private async updateAdmin(admin: AdminRow, input: AdminInput): Promise<AdminRow> {
    const emailTaken = await this.emailTaken(input.email, admin.id);
    const errors = collectErrors({
      avatar: [intBetween(0, 9)(input.avatar)],
      email: [input.email !== undefined ? required(input.email) : null, email(input.email), emailTaken ? emailExists() : null],
      password: [lengthBetween(ADMIN_PASSWORD_MIN, ADMIN_PASSWORD_MAX)(input.password)],
      passwordConfirm: [input.password ? required(input.passwordConfirm) : null, input.passwordConfirm && input.passwordConfirm !== input.password ? FE.mismatch() : null],
    });
    if (errors) throw new ValidationError(GENERIC, errors);
    const fields: Partial<AdminRow> = { updated: nowString() };
    if (input.email !== undefined) fields.email = input.email;
    if (input.avatar !== undefined) fields.avatar = input.avatar;
    if (input.password) {
      fields.passwordHash = await hashPassword(input.password);
      fields.tokenKey = randomString(50); // invalidates existing tokens
    }
    return this.change(admin.id, fields);
  }

  private validateSignIn(input: { identity?: string; password?: string }): void {
    const errors = collectErrors({ identity: [required(input.identity)], password: [required(input.password)] });
    if (errors) throw new ValidationError(GENERIC, errors);
  }

  private validateResetRequest(input: { email?: string }): void {
    const errors = collectErrors({ email: [required(input.email), email(input.email)] });
    if (errors) throw new ValidationError("An error occurred while validating the form.", errors);
  }

  /** Returns the admin when the email exists and the password matches, else a bad request "Failed to authenticate.". */
  async authenticate(identity: string, password: string): Promise<AdminRow> {
    const admin = await this.findByEmail(identity);
    // Hash a dummy when the admin is missing so timing does not reveal which emails exist.
    const ok = await verifyPassword(password, admin?.passwordHash ?? (await getDummyHash()));
    if (!admin || !ok) throw badRequest("Failed to authenticate.");
    return admin;
  }

  async authToken(admin: AdminRow): Promise<string> {
    const cfg = this.deps.settings.get().adminAuthToken;
    return signToken({ id: admin.id, type: "admin" }, admin.tokenKey + cfg.secret, cfg.duration);
  }

  async fileToken(admin: AdminRow): Promise<string> {
    const cfg = this.deps.settings.get().adminFileToken;
    return signToken({ id: admin.id, type: "admin" }, admin.tokenKey + cfg.secret, cfg.duration);
  }

  /** Resolves an admin auth token (any other token type or a bad signature gives null). */
  async fromAuthToken(token: string): Promise<AdminRow | null> {
    return this.fromToken(token, this.deps.settings.get().adminAuthToken.secret);
  }

  async fromFileToken(token: string): Promise<AdminRow | null> {
    return this.fromToken(token, this.deps.settings.get().adminFileToken.secret);
  }

  private async fromToken(token: string, secret: string): Promise<AdminRow | null> {
    const claims = peekToken(token);
    if (!claims || claims.type !== "admin") return null;
    const admin = await this.findById(claims.id);
    if (!admin) return null;
    return (await verifyToken(token, admin.tokenKey + secret)) ? admin : null;
  }

  /** Sends a reset link when the email belongs to an admin; silent otherwise (no account probing). */
  private async requestPasswordReset(emailAddr: string): Promise<void> {
    const admin = await this.findByEmail(emailAddr);
    if (!admin) return;
    const last = parseDate(admin.lastResetSentAt);
    if (last && Date.now() - last.getTime() < RESET_RESEND_MS) return;
    const settings = this.deps.settings.get();
    const cfg = settings.adminPasswordResetToken;
    const token = await signToken({ id: admin.id, type: "admin", email: admin.email }, admin.tokenKey + cfg.secret, cfg.duration);
    await this.deps.mailer.send(adminPasswordResetMail(settings, admin.email, token));
    await this.change(admin.id, { lastResetSentAt: nowString() });
  }

  private async confirmPasswordReset(input: { token?: string; password?: string; passwordConfirm?: string }): Promise<AdminRow> {
    let admin: AdminRow | null = null;
    if (input.token) {
      const claims = peekToken(input.token);
      const candidate = claims?.type === "admin" ? await this.findById(claims.id) : undefined;
      const secret = this.deps.settings.get().adminPasswordResetToken.secret;
      if (candidate && claims?.email === candidate.email && (await verifyToken(input.token, candidate.tokenKey + secret))) {
        admin = candidate;
      }
    }
    const errors = collectErrors({
      token: [required(input.token), input.token && !admin ? fieldError("validation_invalid_token", "Invalid or expired token.") : null],
      password: [required(input.password), lengthBetween(ADMIN_PASSWORD_MIN, ADMIN_PASSWORD_MAX)(input.password)],
      passwordConfirm: [required(input.passwordConfirm), input.passwordConfirm && input.passwordConfirm !== input.password ? FE.mismatch() : null],
    });
    if (errors) throw new ValidationError(GENERIC, errors);
    return this.updateAdmin(admin!, { password: input.password, passwordConfirm: input.passwordConfirm });
  }

  private async emailTaken(addr: string | undefined, exceptId?: string): Promise<boolean> {
    if (!addr) return false;
    const found = await this.findByEmail(addr);
    return !!found && found.id !== exceptId;
  }

  json = adminJson;
}

const emailExists = () => fieldError("validation_admin_email_exists", "Admin email already exists.");

// A real cost-12 hash of a random secret, so a sign-in for an unknown email costs as much as a real one.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword(randomString(30)));
