import type { Settings } from "../settings/types.js";
import type { MailMessage } from "./mailer.js";

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

/** The admin password-reset mail; its link opens the dashboard's confirm screen. */
export function adminPasswordResetMail(settings: Settings, to: string, token: string): MailMessage {
  const appName = settings.meta.appName;
  const url = `${trimSlash(settings.meta.appUrl)}/_/#/confirm-password-reset/${token}`;
  const html =
    `<p>Hello,</p>\n<p>Follow the link below to choose a new admin password for ${escapeHtml(appName)}.</p>\n` +
    `<p><a class="btn" href="${escapeHtml(url)}" target="_blank" rel="noopener">Reset password</a></p>\n` +
    `<p><i>If you did not ask for this, you can ignore this email.</i></p>\n<p>Thanks,<br/>${escapeHtml(appName)} team</p>`;
  return { to: [{ address: to }], subject: "Reset admin password", html, text: `Reset your admin password: ${url}` };
}
