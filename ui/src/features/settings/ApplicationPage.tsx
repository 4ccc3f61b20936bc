import { Field } from "../../components/Field";
import { SubmitForm } from "../../components/SubmitForm";
import type { Settings } from "../../data/settings/settings";
import { FormActions } from "./FormActions";
import { RateLimitsSection } from "./rateLimits/RateLimitsSection";
import { pickRateLimits, rateLimitsPayload, validateRateLimits, type RateLimitsForm } from "./rateLimits/rateLimitsModel";
import { SettingsLayout } from "./SettingsLayout";
import { SwitchField } from "./SwitchField";
import { validateApplication } from "./settingsValidation";
import { useSettingsForm } from "./useSettingsForm";

export const APPLICATION_SAVED = "Successfully saved application settings.";

interface AppForm {
  meta: { appName: string; appUrl: string; hideControls: boolean };
  /** Only when the server has rate limits (Cairn; PocketBase v0.22 has none). */
  rateLimits?: RateLimitsForm;
}

export function pickApplication(s: Settings): AppForm {
  const meta = (s.meta ?? {}) as Partial<AppForm["meta"]>;
  const form: AppForm = { meta: { appName: meta.appName ?? "", appUrl: meta.appUrl ?? "", hideControls: meta.hideControls === true } };
  const rateLimits = pickRateLimits(s);
  if (rateLimits) form.rateLimits = rateLimits;
  return form;
}

/** /settings: application name, URL, the restricted-app flag and (Cairn) the rate limits. */
export default function ApplicationPage() {
  const f = useSettingsForm<AppForm>({
    pick: pickApplication,
    toPayload: (form) => (form.rateLimits ? { meta: form.meta, rateLimits: rateLimitsPayload(form.rateLimits) } : { meta: form.meta }),
    validate: (form) => ({ ...validateApplication(form.meta), ...(form.rateLimits ? validateRateLimits(form.rateLimits) : {}) }),
    successMessage: APPLICATION_SAVED,
  });
  const form = f.form;
  return (
    <SettingsLayout title="Application" loading={f.loading}>
      {form ? (
        <SubmitForm className="settings-panel form" label="Application settings" onSubmit={f.save}>
          <div className="settings-grid">
            <Field name="meta.appName" label="Application name" required error={f.errors["meta.appName"]}>
              {(p) => <input {...p} type="text" required value={form.meta.appName} onChange={(e) => f.set("meta.appName", e.target.value)} />}
            </Field>
            <Field name="meta.appUrl" label="Application URL" required error={f.errors["meta.appUrl"]}>
              {(p) => <input {...p} type="text" required value={form.meta.appUrl} onChange={(e) => f.set("meta.appUrl", e.target.value)} />}
            </Field>
          </div>
          <SwitchField
            name="meta.hideControls"
            label="Hide collection create and edit controls"
            hint="This could prevent making accidental schema changes when in production environment."
            checked={form.meta.hideControls}
            onChange={(v) => f.set("meta.hideControls", v)}
          />
          {form.rateLimits ? <RateLimitsSection value={form.rateLimits} errors={f.errors} onChange={f.set} onErrors={f.setErrors} /> : null}
          <FormActions changed={f.changed} saving={f.saving} onCancel={f.reset} />
        </SubmitForm>
      ) : null}
    </SettingsLayout>
  );
}
