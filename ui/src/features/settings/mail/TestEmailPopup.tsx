import { useEffect, useId, useRef, useState } from "react";
import { Field } from "../../../components/Field";
import { FormFooter } from "../../../components/FormFooter";
import { OverlayPanel } from "../../../components/OverlayPanel";
import { sendTestEmail, TEST_EMAIL_REQUEST_KEY, TEST_EMAIL_TIMEOUT_MESSAGE, TEST_EMAIL_TIMEOUT_MS } from "../../../data/settings/testEmail";
import { client } from "../../../lib/client";
import { handleError } from "../../../lib/errors";
import { clearFormErrors } from "../../../lib/formErrors";
import { readStorage, storageKeys, writeStorage } from "../../../lib/storageKeys";
import { addErrorToast, addSuccessToast } from "../../../lib/toasts";
import { validateTestEmail } from "../settingsValidation";

export const TEST_EMAIL_SENT = "Successfully sent test email.";

/** The test email templates: the name the server expects and the label shown. */
export const TEST_TEMPLATES = [
  { name: "verification", label: '"Verification" template' },
  { name: "password-reset", label: '"Password reset" template' },
  { name: "email-change", label: '"Confirm email change" template' },
] as const;

/** Choose a template and a recipient (remembered locally), then Send; closable only while not sending. */
export function TestEmailPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const formId = useId();
  const [template, setTemplate] = useState<string>(TEST_TEMPLATES[0].name);
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!open) return;
    setEmail(readStorage(storageKeys.lastTestEmail) ?? "");
    setErrors({});
    clearFormErrors();
  }, [open]);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const canSend = !!template && !!email.trim() && !sending;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!canSend) return;
    const found = validateTestEmail({ template, email });
    setErrors(found);
    if (Object.keys(found).length) return;
    writeStorage(storageKeys.lastTestEmail, email.trim());
    setSending(true);
    timer.current = setTimeout(() => {
      client.cancelRequest(TEST_EMAIL_REQUEST_KEY);
      addErrorToast(TEST_EMAIL_TIMEOUT_MESSAGE);
    }, TEST_EMAIL_TIMEOUT_MS);
    try {
      await sendTestEmail(email.trim(), template);
      addSuccessToast(TEST_EMAIL_SENT);
      setSending(false);
      onClose();
    } catch (err) {
      handleError(err);
      setSending(false);
    } finally {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    }
  };

  return (
    <OverlayPanel
      open={open}
      onClose={onClose}
      beforeHide={() => !sending}
      title="Send test email"
      size="popup"
      className="test-email-popup"
      footer={<FormFooter formId={formId} busy={sending} canSubmit={canSend} submitLabel="Send" dismissLabel="Close" onDismiss={onClose} />}
    >
      <form id={formId} className="form" noValidate onSubmit={submit} aria-label="Send test email">
        <fieldset className="choice-list">
          <legend>Template</legend>
          {TEST_TEMPLATES.map((t) => (
            <label key={t.name} className="checkbox-label">
              <input type="radio" name="template" value={t.name} checked={template === t.name} onChange={() => setTemplate(t.name)} />
              <span>{t.label}</span>
            </label>
          ))}
        </fieldset>
        <Field name="email" label="To email address" required error={errors.email}>
          {(p) => <input {...p} type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} data-autofocus />}
        </Field>
      </form>
    </OverlayPanel>
  );
}
