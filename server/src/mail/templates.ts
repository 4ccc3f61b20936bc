import type { EmailTemplate, Settings } from "../models/settings.js";
import { wrapInLayout } from "./layout.js";
import type { MailMessage } from "./mailer.js";

export function escapeHtml(s: string): string {
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

// ---------------------------------------------------------------- settings templates (record mails)

/** The settings mail templates by the names the test-email endpoint uses ("otp" is beyond v0.22). */
export const TEMPLATE_KINDS = {
  verification: "verificationTemplate",
  "password-reset": "resetPasswordTemplate",
  "email-change": "confirmEmailChangeTemplate",
  otp: "otpTemplate",
} as const satisfies Record<string, keyof Settings["meta"]>;

/** The templates whose mails carry a link with a token. */
export type TemplateKind = Exclude<keyof typeof TEMPLATE_KINDS, "otp">;

export interface ResolvedTemplate {
  subject: string;
  actionUrl: string;
  /** The template body with placeholders resolved, wrapped in the mail layout. */
  html: string;
}

/**
 * Fills a settings mail template: {APP_NAME} and {APP_URL} everywhere, {TOKEN} in the
 * action URL and body, {ACTION_URL} in the body. In the action URL {APP_URL} loses its
 * trailing slash and the result is percent-encoded where a URL needs it.
 */
export function resolveTemplate(settings: Settings, template: EmailTemplate, token: string): ResolvedTemplate {
  const { appName, appUrl } = settings.meta;
  const common = (s: string) => s.replaceAll("{APP_NAME}", appName).replaceAll("{APP_URL}", appUrl);
  const actionUrl = encodeUrlForMail(
    template.actionUrl.replaceAll("{APP_NAME}", appName).replaceAll("{APP_URL}", trimSlash(appUrl)).replaceAll("{TOKEN}", token),
  );
  const body = common(template.body).replaceAll("{TOKEN}", token).replaceAll("{ACTION_URL}", actionUrl);
  return { subject: common(template.subject), actionUrl, html: wrapInLayout(body) };
}

/** A mail from one of the settings templates (verification, password reset, email change). */
export function templateMail(settings: Settings, kind: TemplateKind, to: string, token: string): MailMessage {
  const resolved = resolveTemplate(settings, settings.meta[TEMPLATE_KINDS[kind]], token);
  return { to: [{ address: to }], subject: resolved.subject, html: resolved.html };
}

/**
 * The email one-time code mail (settings `meta.otpTemplate`): {APP_NAME} and {APP_URL}, {OTP}
 * (the code) and {OTP_ID} in the subject and body.
 */
export function otpMail(settings: Settings, to: string, code: string, otpId: string): MailMessage {
  const { appName, appUrl } = settings.meta;
  const t = settings.meta.otpTemplate;
  const fill = (s: string) =>
    s.replaceAll("{APP_NAME}", appName).replaceAll("{APP_URL}", appUrl).replaceAll("{OTP}", code).replaceAll("{OTP_ID}", otpId);
  return { to: [{ address: to }], subject: fill(t.subject), html: wrapInLayout(fill(t.body)) };
}

const PATH_SAFE = /[A-Za-z0-9\-_.~$&+,/:;=@!'()*]/;
const FRAGMENT_SAFE = /[A-Za-z0-9\-_.~$&+,/:;=@!'()*?]/;

/**
 * Percent-encodes what must be encoded in the path and fragment of a URL (spaces,
 * quotes, angle brackets, non-ASCII...), keeping valid escapes; the query is left as is.
 */
export function encodeUrlForMail(url: string): string {
  const hash = url.indexOf("#");
  const fragment = hash === -1 ? null : url.slice(hash + 1);
  let rest = hash === -1 ? url : url.slice(0, hash);
  const q = rest.indexOf("?");
  const query = q === -1 ? null : rest.slice(q + 1);
  if (q !== -1) rest = rest.slice(0, q);
  const authority = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/]*/.exec(rest);
  const prefix = authority ? authority[0] : "";
  const pathPart = rest.slice(prefix.length);
  return (
    prefix +
    encodePart(pathPart, PATH_SAFE) +
    (query === null ? "" : "?" + query) +
    (fragment === null ? "" : "#" + encodePart(fragment, FRAGMENT_SAFE))
  );
}

function encodePart(s: string, safe: RegExp): string {
  let out = "";
  for (let i = 0; i < s.length; ) {
    if (s[i] === "%" && /^[0-9a-fA-F]{2}$/.test(s.slice(i + 1, i + 3))) {
      out += s.slice(i, i + 3);
      i += 3;
      continue;
    }
    const ch = String.fromCodePoint(s.codePointAt(i)!);
    out += safe.test(ch) ? ch : [...Buffer.from(ch, "utf8")].map((b) => "%" + b.toString(16).toUpperCase().padStart(2, "0")).join("");
    i += ch.length;
  }
  return out;
}
