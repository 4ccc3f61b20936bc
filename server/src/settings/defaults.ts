import { randomString } from "../tools/random.js";
import type { Settings } from "../models/settings.js";
import { extensionDefaults } from "./extensions.js";

export const OAUTH2_PROVIDERS = [
  "google", "facebook", "github", "gitlab", "discord", "twitter", "microsoft", "spotify", "kakao", "twitch",
  "strava", "gitee", "livechat", "gitea", "oidc", "oidc2", "oidc3", "apple", "instagram", "vk", "yandex",
  "patreon", "mailcow", "bitbucket", "planningcenter",
] as const;

export const TOKEN_SETTINGS = [
  ["adminAuthToken", 1209600],
  ["adminPasswordResetToken", 1800],
  ["adminFileToken", 120],
  ["recordAuthToken", 1209600],
  ["recordPasswordResetToken", 1800],
  ["recordEmailChangeToken", 1800],
  ["recordVerificationToken", 604800],
  ["recordFileToken", 120],
] as const;

const template = (intro: string, button: string, outro: string, subject: string, action: string) => ({
  body:
    `<p>Hello,</p>\n${intro}\n<p>\n  <a class="btn" href="{ACTION_URL}" target="_blank" rel="noopener">${button}</a>\n</p>\n` +
    (outro ? `${outro}\n` : "") +
    `<p>\n  Thanks,<br/>\n  {APP_NAME} team\n</p>`,
  subject,
  actionUrl: `{APP_URL}/_/#/auth/${action}/{TOKEN}`,
  hidden: false,
});

const s3Defaults = () => ({ enabled: false, bucket: "", region: "", endpoint: "", accessKey: "", secret: "", forcePathStyle: false });

/** A new installation's settings: the reference's defaults with fresh random token secrets. */
export function defaultSettings(): Settings {
  const s: Record<string, unknown> = {
    meta: {
      appName: "Acme",
      appUrl: "http://localhost:8090",
      hideControls: false,
      senderName: "Support",
      senderAddress: "support@example.com",
      verificationTemplate: template(
        "<p>Thank you for joining us at {APP_NAME}.</p>\n<p>Click on the button below to verify your email address.</p>",
        "Verify", "", "Verify your {APP_NAME} email", "confirm-verification",
      ),
      resetPasswordTemplate: template(
        "<p>Click on the button below to reset your password.</p>",
        "Reset password", "<p><i>If you didn't ask to reset your password, you can ignore this email.</i></p>",
        "Reset your {APP_NAME} password", "confirm-password-reset",
      ),
      confirmEmailChangeTemplate: template(
        "<p>Click on the button below to confirm your new email address.</p>",
        "Confirm new email", "<p><i>If you didn't ask to change your email address, you can ignore this email.</i></p>",
        "Confirm your {APP_NAME} new email address", "confirm-email-change",
      ),
      // Beyond v0.22 (PocketBase v0.23's OTP mail); v0.22 ignores the key.
      otpTemplate: {
        body:
          "<p>Hello,</p>\n<p>Your one-time password is: <strong>{OTP}</strong></p>\n" +
          "<p><i>If you didn't ask for the one-time password, you can ignore this email.</i></p>\n<p>\n  Thanks,<br/>\n  {APP_NAME} team\n</p>",
        subject: "OTP for {APP_NAME}",
        actionUrl: "",
        hidden: false,
      },
    },
    logs: { maxDays: 5, minLevel: 0, logIp: true },
    smtp: { enabled: false, host: "smtp.example.com", port: 587, username: "", password: "", authMethod: "", tls: false, localName: "" },
    s3: s3Defaults(),
    backups: { cron: "", cronMaxKeep: 3, s3: s3Defaults() },
    ...extensionDefaults(),
  };
  for (const [key, duration] of TOKEN_SETTINGS) s[key] = { secret: randomString(50), duration };
  s.emailAuth = { enabled: false, exceptDomains: null, onlyDomains: null, minPasswordLength: 0 };
  for (const p of OAUTH2_PROVIDERS) {
    s[`${p}Auth`] = { enabled: false, clientId: "", clientSecret: "", authUrl: "", tokenUrl: "", userApiUrl: "", displayName: "", pkce: null };
  }
  return s as unknown as Settings;
}
