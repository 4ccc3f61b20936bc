import type { Db } from "../db/types.js";
import type { EventBus } from "../events/bus.js";
import type { Mailer } from "../mail/mailer.js";
import type { SettingsStore } from "../settings/store.js";
import { PROVIDERS } from "../auth/oauth2/index.js";
import { externalAuthsRepo } from "../db/externalAuths.js";
import { passwordLoginAlertMail } from "../mail/loginAlert.js";
import { authOptions, type CollectionModel } from "../models/collection.js";
import { badRequest } from "../tools/errors.js";
import { nowString, parseDate } from "../tools/time.js";
import type { AuthRecord } from "./auth.js";
import { updateAuthRecord } from "./authRecordWrite.js";

/** At most one alert a week per record. */
const ALERT_EVERY_MS = 168 * 3600 * 1000;

/** What the login alerts use. */
export interface LoginAlertsDeps {
  db: Db;
  events: EventBus;
  settings: Pick<SettingsStore, "get">;
  mailer: Pick<Mailer, "send">;
}

/**
 * The reference's (v0.22.14+) guard for accounts with OAuth2 links: a password sign-in mails
 * the owner an alert, so someone who registered the address first and kept a password is
 * noticed. The mail is part of the sign-in: when it cannot be sent, the sign-in fails.
 */
export class LoginAlerts {
  constructor(private readonly deps: LoginAlertsDeps) {}

  async afterPasswordLogin(c: CollectionModel, a: AuthRecord): Promise<void> {
    const email = String(a.record.email ?? "");
    if (!authOptions(c).allowOAuth2Auth || !email) return;
    const links = await externalAuthsRepo.listForRecord(this.deps.db, c.id, String(a.record.id));
    if (links.length === 0) return;
    const last = typeof a.record.lastLoginAlertSentAt === "string" ? parseDate(a.record.lastLoginAlertSentAt) : null;
    if (last && Date.now() - last.getTime() <= ALERT_EVERY_MS) return;
    const names = links.map((l) => PROVIDERS.get(l.provider)?.displayName || l.provider);
    try {
      await this.deps.mailer.send(passwordLoginAlertMail(this.deps.settings.get(), email, names));
    } catch {
      throw badRequest("Failed to authenticate.");
    }
    const now = nowString();
    const previous = { ...a.record };
    await this.deps.db.transaction((tx) =>
      updateAuthRecord(tx, this.deps.events, c, String(a.record.id), { lastLoginAlertSentAt: now, updated: now }, previous),
    );
    a.record.lastLoginAlertSentAt = now;
    a.record.updated = now;
  }
}
