import type { RateLimitStore } from "../ratelimit/store.js";
import type { SettingsStore } from "../settings/store.js";
import { ADMIN_MFA_SECONDS, ADMINS_SUBJECT, type MfaSessions } from "../auth/mfa.js";
import { invalidCode, type TotpFactors, type TotpSetup } from "../auth/totpFactors.js";
import { requireAdminModel, type Caller } from "../auth/caller.js";
import type { AdminRow } from "../models/admin.js";
import { FailedTries } from "../ratelimit/failedTries.js";
import { badRequest, forbidden, notFound } from "../tools/errors.js";
import { collectErrors, lengthBetween, required } from "../tools/validate.js";
import type { AdminAuthResponse, AdminService } from "./service.js";

type Read<T> = () => T;

const FORM_INVALID = "An error occurred while validating the submitted data.";
/** Wrong authenticator codes per admin in a window. */
const TRIES = { max: 5, windowMs: 5 * 60 * 1000 };

/**
 * Admins' authenticator apps: set up and confirmed by the admin itself, removed by it (with a
 * current code) or by another admin, and asked for after the password (`auth-with-totp`).
 * `reset` is the CLI's way back in for a locked-out admin.
 */
export class AdminTotp {
  constructor(
    private readonly deps: {
      admins: Pick<AdminService, "findById" | "findByEmail" | "signedIn">;
      totp: TotpFactors;
      sessions: MfaSessions;
      settings: Pick<SettingsStore, "get">;
      limits: RateLimitStore;
    },
  ) {
    this.tries = new FailedTries(deps.limits);
  }

  private readonly tries: FailedTries;

  private subject(id: string) {
    return { collectionId: ADMINS_SUBJECT, recordId: id };
  }

  /** A new factor for the signed-in admin (only its own: the secret is shown to whoever asks). */
  async setup(who: Caller, id: string): Promise<TotpSetup> {
    const admin = await this.self(who, id);
    return this.deps.totp.setup(this.subject(admin.id), `${this.deps.settings.get().meta.appName} admin`, admin.email);
  }

  async confirm(who: Caller, id: string, read: Read<{ code?: string }>): Promise<void> {
    const admin = await this.self(who, id);
    const code = this.readCode(read());
    await this.deps.totp.confirm(this.subject(admin.id), code);
  }

  /** Another admin removes it at will; the admin itself with a current (or recovery) code. */
  async remove(who: Caller, id: string, read: Read<{ code?: string }>): Promise<void> {
    const me = requireAdminModel(who);
    const admin = await this.deps.admins.findById(id);
    if (!admin) throw notFound();
    const subject = this.subject(admin.id);
    if (me.id === admin.id && (await this.deps.totp.isActive(subject))) {
      const code = this.readCode(read());
      await this.checkCode(admin.id, code);
    }
    if (!(await this.deps.totp.remove(subject))) throw notFound();
  }

  /** `auth-with-totp`: the code completes the sign-in the password started (`mfaId`). */
  async signIn(read: Read<{ mfaId?: string; code?: string }>): Promise<AdminAuthResponse> {
    const body = read();
    const errors = collectErrors({ mfaId: [required(body.mfaId), lengthBetween(1, 255)(body.mfaId)], code: [required(body.code), lengthBetween(1, 64)(body.code)] });
    if (errors) throw badRequest(FORM_INVALID, errors);
    const session = await this.deps.sessions.open(body.mfaId!, ADMIN_MFA_SECONDS);
    if (session.collectionId !== ADMINS_SUBJECT) throw badRequest("Invalid MFA session.");
    const admin = await this.deps.admins.findById(session.recordId);
    if (!admin) throw badRequest("Invalid or expired MFA session.");
    await this.checkCode(admin.id, body.code!);
    await this.deps.sessions.complete(this.subject(admin.id), body.mfaId!, "totp", ADMIN_MFA_SECONDS);
    return this.deps.admins.signedIn(admin);
  }

  /** The CLI's reset: removes the admin's factor; null when no admin has that email, false when it had none. */
  async reset(email: string): Promise<boolean | null> {
    const admin = await this.deps.admins.findByEmail(email);
    if (!admin) return null;
    return this.deps.totp.remove(this.subject(admin.id));
  }

  private async self(who: Caller, id: string): Promise<AdminRow> {
    const me = requireAdminModel(who);
    if (me.id !== id) {
      if (!(await this.deps.admins.findById(id))) throw notFound();
      throw forbidden("Only the admin itself can set up its authenticator app.");
    }
    return me;
  }

  private readCode(body: { code?: string }): string {
    const errors = collectErrors({ code: [required(body.code), lengthBetween(1, 64)(body.code)] });
    if (errors) throw badRequest(FORM_INVALID, errors);
    return body.code!;
  }

  /** The admin's authenticator or recovery code; wrong ones count towards a lockout. */
  private async checkCode(adminId: string, code: string): Promise<void> {
    const key = `admin-totp:${adminId}`;
    await this.tries.check(key, TRIES);
    if (await this.deps.totp.verify(this.subject(adminId), code)) return;
    await this.tries.fail(key, TRIES);
    throw invalidCode();
  }
}
