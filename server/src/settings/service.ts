import { testS3Connection } from "../files/s3Test.js";
import type { Mailer } from "../mail/mailer.js";
import type { SettingsStore } from "./store.js";
import { requireAdmin, type Caller } from "../auth/caller.js";
import { sendTestEmail } from "../mail/testEmail.js";
import { TEMPLATE_KINDS } from "../mail/templates.js";
import { badRequest, ValidationError } from "../tools/errors.js";
import { generateAppleClientSecret, type AppleSecretInput } from "./appleSecret.js";
import { redactSettings } from "./redact.js";
import { updateSettings, type BodyDecoder } from "./update.js";
import { fieldErrors, rules } from "./validate.js";

const EMAIL_FAILED = "Failed to send the test email.";
const S3_FAILED = "Failed to test the S3 filesystem.";
const FILESYSTEMS = ["storage", "backups"];

/** A form read lazily, after the access check. */
type Read<T> = () => T;

const rawError = (message: string, err: unknown) => {
  const text = err instanceof Error ? err.message : String(err);
  return badRequest(`${message} Raw error: \n${/[.!?]$/.test(text) ? text : text + "."}`);
};

/** The settings API, admins only: read (secrets redacted), change, test mail and S3, Apple client secrets. */
export class SettingsService {
  constructor(private readonly deps: { settings: SettingsStore; mailer: Mailer }) {}

  get(who: Caller) {
    requireAdmin(who);
    return redactSettings(this.deps.settings.get());
  }

  async update(who: Caller, decode: BodyDecoder) {
    requireAdmin(who);
    return redactSettings(await updateSettings(this.deps.settings, decode));
  }

  async testEmail(who: Caller, read: Read<{ template: string; email: string }>): Promise<void> {
    requireAdmin(who);
    const body = read();
    const errors = fieldErrors({
      template: [rules.required(body.template), rules.oneOf(Object.keys(TEMPLATE_KINDS))(body.template)],
      email: [rules.required(body.email), rules.email(body.email)],
    });
    if (errors) throw new ValidationError(EMAIL_FAILED, errors);
    try {
      await sendTestEmail(this.deps, body.template as keyof typeof TEMPLATE_KINDS, body.email);
    } catch (err) {
      throw rawError(EMAIL_FAILED, err);
    }
  }

  async testS3(who: Caller, read: Read<{ filesystem: string }>): Promise<void> {
    requireAdmin(who);
    const body = read();
    const errors = fieldErrors({ filesystem: [rules.required(body.filesystem), rules.oneOf(FILESYSTEMS)(body.filesystem)] });
    if (errors) throw new ValidationError(S3_FAILED, errors);
    const settings = this.deps.settings.get();
    const config = body.filesystem === "backups" ? settings.backups.s3 : settings.s3;
    if (!config.enabled) throw rawError(S3_FAILED, new Error("S3 storage filesystem is not enabled"));
    try {
      await testS3Connection(config);
    } catch (err) {
      throw rawError(S3_FAILED, err);
    }
  }

  async appleClientSecret(who: Caller, read: Read<AppleSecretInput>): Promise<{ secret: string }> {
    requireAdmin(who);
    return { secret: await generateAppleClientSecret(read()) };
  }
}
