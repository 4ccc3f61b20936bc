import type { DB } from "../db/connection.js";
import type { ReadPool } from "../db/readPool.js";
import type { EventBus } from "../events/bus.js";
import type { Mailer } from "../mail/mailer.js";
import type { SettingsStore } from "../settings/store.js";
import { AdminsRepo } from "../db/admins.js";
import { badRequest, fieldError, FE, notFound, unauthorized, ValidationError } from "../tools/errors.js";
import { ADMIN_COLUMNS, ADMIN_PASSWORD_MAX, ADMIN_PASSWORD_MIN, adminJson, type AdminRow } from "../models/admin.js";
import { ADMIN_REQUIRED, requireAdmin, requireAdminModel, type Caller } from "../auth/caller.js";
import { runListWith } from "../query/list.js";
import { tableResolver } from "../query/tableResolver.js";
import type { ListQuery, ListResult } from "../query/types.js";
import { hashPassword, verifyPassword } from "../auth/passwords.js";
import { peekToken, signToken, verifyToken } from "../auth/tokens.js";
import { collectErrors, email, exactLength, intBetween, lengthBetween, matchRegex, required } from "../tools/validate.js";
import { newId, randomString } from "../tools/random.js";
import { nowString, parseDate } from "../tools/time.js";
import { adminPasswordResetMail } from "../mail/templates.js";

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

/** What a sign-in or token refresh answers. */
export interface AdminAuthResponse {
  admin: ReturnType<typeof adminJson>;
  token: string;
}

/**
 * Admin accounts: validation, persistence, sign-in and password reset. Every method of the
 * API takes the caller and checks access itself; the CLI calls with SYSTEM_CALLER.
 * `admin.save` / `admin.delete` events go out after each write.
 */
export class AdminService {
  readonly repo: AdminsRepo;
  private readonly resolver = tableResolver("_admins", ADMIN_COLUMNS);

  constructor(private readonly app: { db: DB; readPool: ReadPool; settings: SettingsStore; mailer: Mailer; events: EventBus }) {
    this.repo = new AdminsRepo(app.db);
  }

  findById(id: string): AdminRow | undefined {
    return this.repo.findById(id);
  }

  count(): number {
    return this.repo.count();
  }

  // ------------------------------------------------------------ the API, caller first

  /** `auth-with-password`: the admin and a new auth token; a bad request "Failed to authenticate." otherwise. */
  async signIn(read: Read<{ identity?: string; password?: string }>): Promise<AdminAuthResponse> {
    const body = read();
    this.validateSignIn(body);
    return this.authResponse(await this.authenticate(body.identity!, body.password!));
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
    return runListWith(this.app.readPool, this.app.db, { table: "_admins", resolver: this.resolver, query, mapRow: (row) => adminJson(row as unknown as AdminRow) });
  }

  view(who: Caller, id: string): ReturnType<typeof adminJson> {
    requireAdmin(who);
    return adminJson(this.loadOr404(id));
  }

  /** Without auth only the installer may create an admin, and only while none exists. */
  async create(who: Caller, read: Read<AdminInput>): Promise<ReturnType<typeof adminJson>> {
    if (!who.admin && this.repo.count() > 0) throw unauthorized(ADMIN_REQUIRED);
    return adminJson(await this.createAdmin(read()));
  }

  async update(who: Caller, id: string, read: Read<AdminInput>): Promise<ReturnType<typeof adminJson>> {
    requireAdmin(who);
    const admin = this.loadOr404(id);
    const { id: _ignored, ...input } = read();
    return adminJson(await this.updateAdmin(admin, input));
  }

  delete(who: Caller, id: string): void {
    requireAdmin(who);
    const admin = this.loadOr404(id);
    if (this.repo.count() <= 1) throw badRequest("Failed to delete admin.");
    this.repo.delete(admin.id);
    this.app.events.emit({ type: "admin.delete", admin });
  }

  // ------------------------------------------------------------ internals (and the CLI)

  private loadOr404(id: string): AdminRow {
    const admin = this.repo.findById(id);
    if (!admin) throw notFound();
    return admin;
  }

  private async authResponse(admin: AdminRow): Promise<AdminAuthResponse> {
    return { admin: adminJson(admin), token: await this.authToken(admin) };
  }

  /** Writes an admin row and announces it. */
  private save(admin: AdminRow, isNew: boolean): void {
    if (isNew) this.repo.insert(admin);
    else this.repo.update(admin);
    this.app.events.emit({ type: "admin.save", admin });
  }

  private async createAdmin(input: AdminInput): Promise<AdminRow> {
    const errors = collectErrors({
      id: [exactLength(15)(input.id), matchRegex(ID_RE)(input.id), input.id && this.repo.findById(input.id) ? fieldError("validation_invalid_id", "The model id is invalid or already exists.") : null],
      avatar: [intBetween(0, 9)(input.avatar)],
      email: [required(input.email), email(input.email), this.emailTaken(input.email) ? emailExists() : null],
      password: [required(input.password), lengthBetween(ADMIN_PASSWORD_MIN, ADMIN_PASSWORD_MAX)(input.password)],
      passwordConfirm: [input.password ? required(input.passwordConfirm) : null, input.passwordConfirm !== undefined && input.passwordConfirm !== input.password ? FE.mismatch() : null],
    });
    if (errors) throw new ValidationError(GENERIC, errors);
    return this.insertNew(input.email!, input.password!, input.id, input.avatar);
  }

  /** Inserts without form validation: the CLI checks email and password by its own rules first. */
  async insertNew(email: string, password: string, id?: string, avatar?: number): Promise<AdminRow> {
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
    this.save(admin, true);
    return admin;
  }

  /** Sets a new password and rotates the token key, which signs out every session of this admin. */
  async setPassword(admin: AdminRow, password: string): Promise<AdminRow> {
    const next = { ...admin, passwordHash: await hashPassword(password), tokenKey: randomString(50), updated: nowString() };
    this.save(next, false);
    return next;
  }

  private async updateAdmin(admin: AdminRow, input: AdminInput): Promise<AdminRow> {
    const errors = collectErrors({
      avatar: [intBetween(0, 9)(input.avatar)],
      email: [input.email !== undefined ? required(input.email) : null, email(input.email), this.emailTaken(input.email, admin.id) ? emailExists() : null],
      password: [lengthBetween(ADMIN_PASSWORD_MIN, ADMIN_PASSWORD_MAX)(input.password)],
      passwordConfirm: [input.password ? required(input.passwordConfirm) : null, input.passwordConfirm && input.passwordConfirm !== input.password ? FE.mismatch() : null],
    });
    if (errors) throw new ValidationError(GENERIC, errors);
    const next: AdminRow = { ...admin, updated: nowString() };
    if (input.email !== undefined) next.email = input.email;
    if (input.avatar !== undefined) next.avatar = input.avatar;
    if (input.password) {
      next.passwordHash = await hashPassword(input.password);
      next.tokenKey = randomString(50); // invalidates existing tokens
    }
    this.save(next, false);
    return next;
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
    const admin = this.repo.findByEmail(identity);
    // Hash a dummy when the admin is missing so timing does not reveal which emails exist.
    const ok = await verifyPassword(password, admin?.passwordHash ?? (await getDummyHash()));
    if (!admin || !ok) throw badRequest("Failed to authenticate.");
    return admin;
  }

  async authToken(admin: AdminRow): Promise<string> {
    const cfg = this.app.settings.get().adminAuthToken;
    return signToken({ id: admin.id, type: "admin" }, admin.tokenKey + cfg.secret, cfg.duration);
  }

  async fileToken(admin: AdminRow): Promise<string> {
    const cfg = this.app.settings.get().adminFileToken;
    return signToken({ id: admin.id, type: "admin" }, admin.tokenKey + cfg.secret, cfg.duration);
  }

  /** Resolves an admin auth token (any other token type or a bad signature gives null). */
  async fromAuthToken(token: string): Promise<AdminRow | null> {
    return this.fromToken(token, this.app.settings.get().adminAuthToken.secret);
  }

  async fromFileToken(token: string): Promise<AdminRow | null> {
    return this.fromToken(token, this.app.settings.get().adminFileToken.secret);
  }

  private async fromToken(token: string, secret: string): Promise<AdminRow | null> {
    const claims = peekToken(token);
    if (!claims || claims.type !== "admin") return null;
    const admin = this.repo.findById(claims.id);
    if (!admin) return null;
    return (await verifyToken(token, admin.tokenKey + secret)) ? admin : null;
  }

  /** Sends a reset link when the email belongs to an admin; silent otherwise (no account probing). */
  private async requestPasswordReset(emailAddr: string): Promise<void> {
    const admin = this.repo.findByEmail(emailAddr);
    if (!admin) return;
    const last = parseDate(admin.lastResetSentAt);
    if (last && Date.now() - last.getTime() < RESET_RESEND_MS) return;
    const settings = this.app.settings.get();
    const cfg = settings.adminPasswordResetToken;
    const token = await signToken({ id: admin.id, type: "admin", email: admin.email }, admin.tokenKey + cfg.secret, cfg.duration);
    await this.app.mailer.send(adminPasswordResetMail(settings, admin.email, token));
    this.save({ ...admin, lastResetSentAt: nowString() }, false);
  }

  private async confirmPasswordReset(input: { token?: string; password?: string; passwordConfirm?: string }): Promise<AdminRow> {
    let admin: AdminRow | null = null;
    if (input.token) {
      const claims = peekToken(input.token);
      const candidate = claims?.type === "admin" ? this.repo.findById(claims.id) : undefined;
      const secret = this.app.settings.get().adminPasswordResetToken.secret;
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

  private emailTaken(addr: string | undefined, exceptId?: string): boolean {
    if (!addr) return false;
    const found = this.repo.findByEmail(addr);
    return !!found && found.id !== exceptId;
  }

  json = adminJson;
}

const emailExists = () => fieldError("validation_admin_email_exists", "Admin email already exists.");

// A real cost-12 hash of a random secret, so a sign-in for an unknown email costs as much as a real one.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword(randomString(30)));
