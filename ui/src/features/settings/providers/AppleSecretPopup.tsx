import { useEffect, useId, useState } from "react";
import { Field } from "../../../components/Field";
import { FormFooter } from "../../../components/FormFooter";
import { OverlayPanel } from "../../../components/OverlayPanel";
import { generateAppleSecret } from "../../../data/settings/appleSecret";
import { handleError } from "../../../lib/errors";
import { addSuccessToast } from "../../../lib/toasts";
import { APPLE_SECRET_MAX_DURATION, validateAppleSecret, type AppleSecretInput } from "../settingsValidation";

export const APPLE_SECRET_GENERATED = "Successfully generated client secret.";

const EMPTY: AppleSecretInput = { clientId: "", teamId: "", keyId: "", privateKey: "", duration: APPLE_SECRET_MAX_DURATION };

/** 'Generate secret': signs an Apple client secret on the server from a private key that is not stored. */
export function AppleSecretPopup({ open, clientId, onClose, onGenerated }: { open: boolean; clientId: string; onClose: () => void; onGenerated: (secret: string) => void }) {
  const formId = useId();
  const [v, setV] = useState<AppleSecretInput>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setV({ ...EMPTY, clientId });
    setErrors({});
  }, [open, clientId]);

  const set = (k: keyof AppleSecretInput, value: string) => {
    setV((x) => ({ ...x, [k]: value }));
    setErrors((e) => ({ ...e, [k]: "" }));
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found = validateAppleSecret(v);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const secret = await generateAppleSecret({ ...v, privateKey: v.privateKey.trim(), duration: Number(v.duration) });
      addSuccessToast(APPLE_SECRET_GENERATED);
      onGenerated(secret);
      onClose();
    } catch (err) {
      handleError(err);
    } finally {
      setBusy(false);
    }
  };

  const text = (k: "clientId" | "teamId" | "keyId", label: string) => (
    <Field name={k} label={label} required error={errors[k]}>
      {(p) => <input {...p} type="text" required value={v[k]} onChange={(e) => set(k, e.target.value)} />}
    </Field>
  );

  return (
    <OverlayPanel
      open={open}
      onClose={onClose}
      beforeHide={() => !busy}
      title="Generate Apple client secret"
      size="popup"
      className="apple-secret-popup"
      footer={<FormFooter formId={formId} busy={busy} submitLabel="Generate and set secret" dismissLabel="Close" onDismiss={onClose} />}
    >
      <form id={formId} className="form" noValidate onSubmit={submit} aria-label="Generate Apple client secret">
        <div className="settings-grid">
          {text("clientId", "Client ID")}
          {text("teamId", "Team ID")}
          {text("keyId", "Key ID")}
          <Field name="duration" label="Duration (in seconds)" required error={errors.duration} hint={`Max ${APPLE_SECRET_MAX_DURATION} seconds (~6 months).`}>
            {(p) => <input {...p} type="number" inputMode="numeric" min={0} max={APPLE_SECRET_MAX_DURATION} required value={v.duration} onChange={(e) => set("duration", e.target.value)} />}
          </Field>
        </div>
        <Field name="privateKey" label="Private key" required error={errors.privateKey} hint="The key is not stored on the server and it is used only for generating the signed JWT.">
          {(p) => <textarea {...p} className="settings-code" required spellCheck={false} placeholder={"-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----"} value={v.privateKey} onChange={(e) => set("privateKey", e.target.value)} />}
        </Field>
      </form>
    </OverlayPanel>
  );
}
