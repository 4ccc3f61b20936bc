import { useEffect, useId, useState } from "react";
import { Field } from "../../../components/Field";
import { FormFooter } from "../../../components/FormFooter";
import { OverlayPanel } from "../../../components/OverlayPanel";
import { stripRedacted } from "../../../data/settings/redact";
import { useUpdateSettings, type Settings } from "../../../data/settings/settings";
import { handleError } from "../../../lib/errors";
import { clearFormErrors } from "../../../lib/formErrors";
import { addSuccessToast } from "../../../lib/toasts";
import { isChanged } from "../formModel";
import { SecretInput } from "../SecretInput";
import { SwitchField } from "../SwitchField";
import { AppleSecretPopup } from "./AppleSecretPopup";
import { ProviderOptions } from "./ProviderOptions";
import { clearProviderFields, initialProviderForm, validateProvider, withOptionDefaults, type ProviderConfig, type ProviderDef } from "./providers";

export const PROVIDER_SAVED = "Successfully updated provider settings.";

export interface ProviderPopupProps {
  open: boolean;
  def: ProviderDef | null;
  /** The provider's stored (redacted) config. */
  config: ProviderConfig | null;
  onClose: () => void;
  onSaved: (settings: Settings) => void;
}

/** '{provider} provider': enable toggle, client id/secret, 'Clear all fields' and the provider's own options. */
export function ProviderPopup({ open, def, config, onClose, onSaved }: ProviderPopupProps) {
  const formId = useId();
  const update = useUpdateSettings();
  const [form, setForm] = useState<ProviderConfig | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [appleOpen, setAppleOpen] = useState(false);

  useEffect(() => {
    if (!open || !def || !config) return;
    setForm(withOptionDefaults(def.key, initialProviderForm(config)));
    setErrors({});
    clearFormErrors();
  }, [open, def, config]);

  if (!def) return null;
  const k = def.key;
  const changed = !!form && !!config && isChanged(config, form);

  const set = (field: string, v: unknown) => {
    setForm((f) => (f ? { ...f, [field]: v } : f));
    setErrors((e) => ({ ...e, [`${k}.${field}`]: "" }));
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!form || !changed || update.isPending) return;
    const found = validateProvider(def, form);
    setErrors(found);
    if (Object.keys(found).length) return;
    update.mutate({ [k]: stripRedacted(form) } as Partial<Settings>, {
      onSuccess: (data) => {
        addSuccessToast(PROVIDER_SAVED);
        onSaved(data);
        onClose();
      },
      onError: (err) => handleError(err),
    });
  };

  return (
    <>
      <OverlayPanel
        open={open}
        onClose={onClose}
        beforeHide={() => !update.isPending}
        title={`${def.title} provider`}
        size="popup"
        className="provider-popup"
        footer={<FormFooter formId={formId} busy={update.isPending} canSubmit={changed && !update.isPending} submitLabel="Save changes" dismissLabel="Close" onDismiss={onClose} />}
      >
        {form ? (
          <form id={formId} className="form" noValidate onSubmit={submit} aria-label={`${def.title} provider settings`}>
            <SwitchField
              name={`${k}.enabled`}
              label="Enable"
              checked={form.enabled}
              onChange={(v) => {
                set("enabled", v);
                if (!v) {
                  setErrors({});
                  clearFormErrors();
                }
              }}
            />
            <div className="settings-grid">
              <Field name={`${k}.clientId`} label="Client ID" required={form.enabled} error={errors[`${k}.clientId`]}>
                {(p) => <input {...p} type="text" required={form.enabled} autoComplete="off" value={form.clientId ?? ""} onChange={(e) => set("clientId", e.target.value)} />}
              </Field>
              <Field name={`${k}.clientSecret`} label="Client secret" required={form.enabled} error={errors[`${k}.clientSecret`]}>
                {(p) => <SecretInput control={p} value={form.clientSecret ?? ""} onValue={(v) => set("clientSecret", v)} />}
              </Field>
            </div>
            <ProviderOptions def={def} form={form} errors={errors} set={set} onGenerateAppleSecret={() => setAppleOpen(true)} />
            <div>
              <button
                type="button"
                className="btn btn-transparent btn-sm"
                onClick={() => {
                  setForm(clearProviderFields(k, form));
                  setErrors({});
                  clearFormErrors();
                }}
              >
                Clear all fields
              </button>
            </div>
          </form>
        ) : null}
      </OverlayPanel>
      {def.options === "apple" ? (
        <AppleSecretPopup open={appleOpen} clientId={form?.clientId ?? ""} onClose={() => setAppleOpen(false)} onGenerated={(secret) => set("clientSecret", secret)} />
      ) : null}
    </>
  );
}
