import { email, number, required, VALIDATION_MESSAGES } from "../../lib/validation";
import { compactErrors, type ErrorMap } from "./formModel";

/** Messages of the settings forms (worded like the server's). */
export const SETTINGS_MESSAGES = {
  url: "Must be a valid URL.",
  missingParam: (p: string) => `Missing required parameter "${p}".`,
  max: (n: number) => `Must be no greater than ${n}.`,
} as const;

/** Longest Apple client secret lifetime in seconds (about 6 months). */
export const APPLE_SECRET_MAX_DURATION = 15777000;

export function url(v: unknown): string {
  const r = required(v);
  if (r) return r;
  try {
    const u = new URL(String(v).trim());
    return u.protocol && u.host ? "" : SETTINGS_MESSAGES.url;
  } catch {
    return SETTINGS_MESSAGES.url;
  }
}

/** Required, and must contain the placeholder. */
export function withParam(v: unknown, param: string): string {
  return required(v) || (String(v).includes(param) ? "" : SETTINGS_MESSAGES.missingParam(param));
}

export interface MailTemplate {
  subject: string;
  actionUrl: string;
  body: string;
  hidden?: boolean;
}

export const TEMPLATE_KEYS = ["verificationTemplate", "resetPasswordTemplate", "confirmEmailChangeTemplate"] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];

export interface SmtpForm {
  enabled: boolean;
  host: string;
  port: number | string;
  username: string;
  password: string;
  tls: boolean;
  authMethod: string;
  localName: string;
}

/** Beyond v0.22: the email one-time code mail (Cairn's settings carry it; no action URL). */
export const OTP_TEMPLATE_KEY = "otpTemplate";

export interface MailForm {
  meta: { senderName: string; senderAddress: string; otpTemplate?: MailTemplate } & Record<TemplateKey, MailTemplate>;
  smtp: SmtpForm;
}

export interface S3Form {
  enabled: boolean;
  endpoint: string;
  bucket: string;
  region: string;
  accessKey: string;
  secret: string;
  forcePathStyle: boolean;
}

/** Application: appName and appUrl required. */
export function validateApplication(meta: { appName: string; appUrl: string }): ErrorMap {
  return compactErrors({ "meta.appName": required(meta.appName), "meta.appUrl": required(meta.appUrl) });
}

/** Mail: sender fields, every visible template (with its required placeholders) and SMTP host/port when enabled. */
export function validateMail(form: MailForm): ErrorMap {
  const e: Record<string, string> = {
    "meta.senderName": required(form.meta.senderName),
    "meta.senderAddress": email(form.meta.senderAddress ?? ""),
  };
  for (const key of TEMPLATE_KEYS) {
    const t = form.meta[key];
    if (!t || t.hidden) continue;
    e[`meta.${key}.subject`] = required(t.subject);
    e[`meta.${key}.actionUrl`] = withParam(t.actionUrl, "{TOKEN}");
    e[`meta.${key}.body`] = withParam(t.body, "{ACTION_URL}");
  }
  const otp = form.meta.otpTemplate;
  if (otp) {
    e["meta.otpTemplate.subject"] = required(otp.subject);
    e["meta.otpTemplate.body"] = withParam(otp.body, "{OTP}");
  }
  if (form.smtp.enabled) {
    e["smtp.host"] = required(form.smtp.host);
    e["smtp.port"] = number(form.smtp.port, { integer: true });
  }
  return compactErrors(e);
}

/** S3 (files or backups): every connection field is required while enabled. */
export function validateS3(s3: S3Form, prefix: string): ErrorMap {
  if (!s3.enabled) return {};
  const e: Record<string, string> = {};
  for (const f of ["endpoint", "bucket", "region", "accessKey", "secret"] as const) e[`${prefix}.${f}`] = required(s3[f]);
  return compactErrors(e);
}

export function validateTestEmail(v: { template: string; email: string }): ErrorMap {
  return compactErrors({ template: required(v.template), email: email(v.email) });
}

export interface AppleSecretInput {
  clientId: string;
  teamId: string;
  keyId: string;
  privateKey: string;
  duration: number | string;
}

export function validateAppleSecret(v: AppleSecretInput): ErrorMap {
  let duration = number(v.duration, { min: 0, integer: true });
  if (!duration && Number(v.duration) > APPLE_SECRET_MAX_DURATION) duration = SETTINGS_MESSAGES.max(APPLE_SECRET_MAX_DURATION);
  return compactErrors({
    clientId: required(v.clientId),
    teamId: required(v.teamId),
    keyId: required(v.keyId),
    privateKey: required(v.privateKey.trim()),
    duration,
  });
}

/** Token durations: a required number each. */
export function validateTokens(form: Record<string, { duration: number | string }>): ErrorMap {
  const e: Record<string, string> = {};
  for (const [key, v] of Object.entries(form)) e[`${key}.duration`] = number(v.duration);
  return compactErrors(e);
}

export { VALIDATION_MESSAGES };
