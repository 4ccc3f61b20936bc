import type { Settings } from "../models/settings.js";
import { wrapInLayout } from "./layout.js";
import type { MailMessage } from "./mailer.js";
import { escapeHtml } from "./templates.js";


/** The alert sent when someone signs in with a password to an account that has OAuth2 accounts linked. */
export function passwordLoginAlertMail(settings: Settings, to: string, providers: string[]): MailMessage {
  const app = settings.meta.appName;
  const list = providers.join(", ");
  const html =
    `<p>Hello,</p>\n` +
    `<p>Someone has just signed in to your ${escapeHtml(app)} account with a password, while the account is linked to ${escapeHtml(list)} (OAuth2).</p>\n` +
    `<p>If that was you, you can ignore this email.</p>\n` +
    `<p><strong>If it was not you, change your ${escapeHtml(app)} account password right away.</strong></p>\n` +
    `<p>Thanks,<br/>${escapeHtml(app)} team</p>`;
  const text =
    `Hello,\nSomeone has just signed in to your ${app} account with a password, while the account is linked to ${list} (OAuth2).\n` +
    `If that was you, you can ignore this email.\nIf it was not you, change your ${app} account password right away.\nThanks,\n${app} team`;
  return { to: [{ address: to }], subject: "Password login alert", html: wrapInLayout(html), text };
}
