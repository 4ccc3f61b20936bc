import { useState } from "react";
import { Field } from "../../../components/Field";
import { Icon } from "../../../components/Icon";
import { SubmitForm } from "../../../components/SubmitForm";
import type { Settings } from "../../../data/settings/settings";
import { clearFormErrors, formErrorsStore } from "../../../lib/formErrors";
import { useStore } from "../../../lib/store";
import { FormActions } from "../FormActions";
import { hasErrorUnder } from "../formModel";
import { SettingsLayout } from "../SettingsLayout";
import { OTP_TEMPLATE_KEY, TEMPLATE_KEYS, validateMail, type MailForm, type MailTemplate, type TemplateKey } from "../settingsValidation";
import { useSettingsForm } from "../useSettingsForm";
import { SmtpSection } from "./SmtpSection";
import { OTP_BODY_PLACEHOLDERS, OTP_SUBJECT_PLACEHOLDERS } from "./Placeholders";
import { TemplateSection } from "./TemplateSection";
import { TestEmailPopup } from "./TestEmailPopup";

export const MAIL_SAVED = "Successfully saved mail settings.";

export const OTP_TEMPLATE_TITLE = "Default OTP email template";

export const TEMPLATE_TITLES: Record<TemplateKey, string> = {
  verificationTemplate: "Default Verification email template",
  resetPasswordTemplate: "Default Password reset email template",
  confirmEmailChangeTemplate: "Default Confirm email change email template",
};

function pickTemplate(v: unknown): MailTemplate {
  const t = (v ?? {}) as Partial<MailTemplate>;
  return { subject: t.subject ?? "", actionUrl: t.actionUrl ?? "", body: t.body ?? "", hidden: t.hidden === true };
}

export function pickMail(s: Settings): MailForm {
  const meta = (s.meta ?? {}) as Record<string, unknown>;
  const smtp = (s.smtp ?? {}) as Partial<MailForm["smtp"]>;
  return {
    meta: {
      senderName: String(meta.senderName ?? ""),
      senderAddress: String(meta.senderAddress ?? ""),
      verificationTemplate: pickTemplate(meta.verificationTemplate),
      resetPasswordTemplate: pickTemplate(meta.resetPasswordTemplate),
      confirmEmailChangeTemplate: pickTemplate(meta.confirmEmailChangeTemplate),
      // only where the server has it (Cairn): PocketBase v0.22 gets no such key back
      ...(meta.otpTemplate ? { otpTemplate: pickTemplate(meta.otpTemplate) } : {}),
    },
    smtp: {
      enabled: smtp.enabled === true,
      host: smtp.host ?? "",
      port: smtp.port ?? "",
      username: smtp.username ?? "",
      password: smtp.password ?? "",
      tls: smtp.tls === true,
      authMethod: smtp.authMethod ?? "",
      localName: smtp.localName ?? "",
    },
  };
}

/** The PATCH body: meta and smtp, the port as a number. */
export function mailPayload(form: MailForm): Record<string, unknown> {
  const port = String(form.smtp.port).trim();
  return { meta: form.meta, smtp: { ...form.smtp, port: port === "" ? 0 : Number(port) } };
}

/** /settings/mail: sender, the three default templates, SMTP and the test email popup. */
export default function MailPage() {
  const f = useSettingsForm<MailForm>({ pick: pickMail, toPayload: mailPayload, validate: validateMail, successMessage: MAIL_SAVED });
  const serverErrors = useStore(formErrorsStore);
  const [testOpen, setTestOpen] = useState(false);
  const form = f.form;

  const clearSmtpErrors = () => {
    f.setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith("smtp."))));
    clearFormErrors();
  };

  return (
    <SettingsLayout title="Mail settings" loading={f.loading}>
      {form ? (
        <SubmitForm className="settings-panel form" label="Mail settings" onSubmit={f.save}>
          <p className="settings-intro">Configure common settings for sending emails.</p>
          <div className="settings-grid">
            <Field name="meta.senderName" label="Sender name" required error={f.errors["meta.senderName"]}>
              {(p) => <input {...p} type="text" required value={form.meta.senderName} onChange={(e) => f.set("meta.senderName", e.target.value)} />}
            </Field>
            <Field name="meta.senderAddress" label="Sender address" required error={f.errors["meta.senderAddress"]}>
              {(p) => <input {...p} type="email" required value={form.meta.senderAddress} onChange={(e) => f.set("meta.senderAddress", e.target.value)} />}
            </Field>
          </div>
          <div>
            {TEMPLATE_KEYS.filter((k) => !form.meta[k].hidden).map((k) => (
              <TemplateSection
                key={k}
                templateKey={k}
                title={TEMPLATE_TITLES[k]}
                value={form.meta[k]}
                errors={f.errors}
                hasErrors={hasErrorUnder(f.errors, serverErrors, `meta.${k}`)}
                onChange={(field, v) => f.set(`meta.${k}.${field}`, v)}
              />
            ))}
            {form.meta.otpTemplate ? (
              <TemplateSection
                templateKey={OTP_TEMPLATE_KEY}
                title={OTP_TEMPLATE_TITLE}
                value={form.meta.otpTemplate}
                errors={f.errors}
                hasErrors={hasErrorUnder(f.errors, serverErrors, `meta.${OTP_TEMPLATE_KEY}`)}
                onChange={(field, v) => f.set(`meta.${OTP_TEMPLATE_KEY}.${field}`, v)}
                placeholders={{ subject: OTP_SUBJECT_PLACEHOLDERS, body: OTP_BODY_PLACEHOLDERS }}
              />
            ) : null}
          </div>
          <hr className="settings-divider" />
          <SmtpSection smtp={form.smtp} errors={f.errors} set={f.set} onDisable={clearSmtpErrors} />
          <div className="settings-actions">
            {f.changed ? (
              <FormActions changed={f.changed} saving={f.saving} onCancel={f.reset} />
            ) : (
              <button type="button" className="btn btn-secondary" onClick={() => setTestOpen(true)}>
                <Icon name="mail" size={16} />
                Send test email
              </button>
            )}
          </div>
        </SubmitForm>
      ) : null}
      <TestEmailPopup open={testOpen} onClose={() => setTestOpen(false)} />
    </SettingsLayout>
  );
}
