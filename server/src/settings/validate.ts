import { FE, fieldError, type FieldError, type FieldErrors } from "../tools/errors.js";
import { cronError } from "./cron.js";
import { extensionErrors } from "./extensions.js";
import { OAUTH2_PROVIDERS, TOKEN_SETTINGS } from "./defaults.js";
import { isEmailFormat, isHost, isUrl } from "../tools/formats.js";
import type { EmailTemplate, OAuth2ProviderConfig, S3Config, Settings, TokenConfig } from "../models/settings.js";

/**
 * Settings validation as the reference does it. As in the reference, every rule except
 * "required" passes on an empty value ("" or 0), lengths count bytes, and errors nest by
 * settings group: {"meta": {"appName": {code, message}}}.
 */

type Check = FieldError | null;

const isEmpty = (v: unknown) => v === undefined || v === null || v === "" || v === 0 || v === false;

export const rules = {
  required: (v: unknown): Check => (isEmpty(v) ? FE.required() : null),
  length: (min: number, max: number) => (v: string): Check => {
    if (v === "") return null;
    const n = Buffer.byteLength(v);
    return n < min || n > max ? FE.length(min, max) : null;
  },
  exactLength: (len: number) => (v: string): Check =>
    v !== "" && Buffer.byteLength(v) !== len ? fieldError("validation_length_invalid", `The length must be exactly ${len}.`) : null,
  min: (min: number) => (v: number): Check =>
    v !== 0 && v < min ? fieldError("validation_min_greater_equal_than_required", `Must be no less than ${min}.`) : null,
  max: (max: number) => (v: number): Check =>
    v !== 0 && v > max ? fieldError("validation_max_less_equal_than_required", `Must be no greater than ${max}.`) : null,
  url: (v: string): Check => (v !== "" && !isUrl(v) ? fieldError("validation_is_url", "Must be a valid URL.") : null),
  email: (v: string): Check => (v !== "" && !isEmailFormat(v) ? FE.invalidEmail() : null),
  host: (v: string): Check => (v !== "" && !isHost(v) ? fieldError("validation_is_host", "Must be a valid IP address or DNS name.") : null),
  oneOf: (values: readonly string[]) => (v: string): Check =>
    v !== "" && !values.includes(v) ? fieldError("validation_in_invalid", "Must be a valid value.") : null,
  placeholder: (param: string) => (v: string): Check =>
    v !== "" && !v.includes(param) ? fieldError("validation_missing_required_param", `Missing required parameter "${param}".`) : null,
  cron: (v: string): Check => {
    if (v === "") return null;
    const message = cronError(v);
    return message ? fieldError("validation_invalid_cron", message) : null;
  },
};

/** Builds an error map from per-field check lists (first failing check wins), null when all pass. */
export function fieldErrors(checks: Record<string, (Check | FieldErrors | null)[]>): FieldErrors | null {
  const out: FieldErrors = {};
  for (const field of Object.keys(checks).sort()) {
    const first = checks[field].find((c) => c !== null);
    if (first) out[field] = first;
  }
  return Object.keys(out).length ? out : null;
}

export const SMTP_AUTH_METHODS = ["PLAIN", "LOGIN"] as const;

function templateErrors(t: EmailTemplate): FieldErrors | null {
  return fieldErrors({
    subject: [rules.required(t.subject)],
    actionUrl: [rules.required(t.actionUrl), rules.placeholder("{TOKEN}")(t.actionUrl)],
    body: [rules.required(t.body), rules.placeholder("{ACTION_URL}")(t.body)],
  });
}

/** The OTP mail has no link: its body must carry the code. */
function otpTemplateErrors(t: EmailTemplate): FieldErrors | null {
  return fieldErrors({
    subject: [rules.required(t.subject)],
    body: [rules.required(t.body), rules.placeholder("{OTP}")(t.body)],
  });
}

function s3Errors(s: S3Config): FieldErrors | null {
  const whenEnabled = (v: string) => (s.enabled ? rules.required(v) : null);
  return fieldErrors({
    bucket: [whenEnabled(s.bucket)],
    region: [whenEnabled(s.region)],
    endpoint: [whenEnabled(s.endpoint), rules.url(s.endpoint)],
    accessKey: [whenEnabled(s.accessKey)],
    secret: [whenEnabled(s.secret)],
  });
}

function tokenErrors(t: TokenConfig): FieldErrors | null {
  return fieldErrors({
    secret: [rules.required(t.secret), rules.length(30, 300)(t.secret)],
    duration: [rules.required(t.duration), rules.min(5)(t.duration), rules.max(63072000)(t.duration)],
  });
}

function providerErrors(p: OAuth2ProviderConfig): FieldErrors | null {
  return fieldErrors({
    clientId: [p.enabled ? rules.required(p.clientId) : null],
    clientSecret: [p.enabled ? rules.required(p.clientSecret) : null],
    authUrl: [rules.url(p.authUrl)],
    tokenUrl: [rules.url(p.tokenUrl)],
    userApiUrl: [rules.url(p.userApiUrl)],
  });
}

/** Validates complete settings; returns the nested field errors or null when valid. */
export function validateSettings(s: Settings): FieldErrors | null {
  const { meta, logs, smtp, backups } = s;
  const groups: Record<string, (FieldErrors | null)[]> = {
    meta: [
      fieldErrors({
        appName: [rules.required(meta.appName), rules.length(1, 255)(meta.appName)],
        appUrl: [rules.required(meta.appUrl), rules.url(meta.appUrl)],
        senderName: [rules.required(meta.senderName), rules.length(1, 255)(meta.senderName)],
        senderAddress: [rules.required(meta.senderAddress), rules.email(meta.senderAddress)],
        verificationTemplate: [templateErrors(meta.verificationTemplate)],
        resetPasswordTemplate: [templateErrors(meta.resetPasswordTemplate)],
        confirmEmailChangeTemplate: [templateErrors(meta.confirmEmailChangeTemplate)],
        otpTemplate: [otpTemplateErrors(meta.otpTemplate)],
      }),
    ],
    logs: [fieldErrors({ maxDays: [rules.min(0)(logs.maxDays)] })],
    smtp: [
      fieldErrors({
        host: [smtp.enabled ? rules.required(smtp.host) : null, rules.host(smtp.host)],
        port: [smtp.enabled ? rules.required(smtp.port) : null, rules.min(0)(smtp.port)],
        authMethod: [rules.oneOf(SMTP_AUTH_METHODS)(smtp.authMethod)],
        localName: [rules.host(smtp.localName)],
      }),
    ],
    s3: [s3Errors(s.s3)],
    backups: [
      fieldErrors({
        cron: [rules.cron(backups.cron)],
        cronMaxKeep: [backups.cron !== "" ? rules.required(backups.cronMaxKeep) : null, rules.min(1)(backups.cronMaxKeep)],
        s3: [s3Errors(backups.s3)],
      }),
    ],
  };
  Object.assign(groups, extensionErrors(s));
  for (const [key] of TOKEN_SETTINGS) groups[key] = [tokenErrors(s[key])];
  for (const p of OAUTH2_PROVIDERS) groups[`${p}Auth`] = [providerErrors(s[`${p}Auth`] as OAuth2ProviderConfig)];
  return fieldErrors(groups);
}
