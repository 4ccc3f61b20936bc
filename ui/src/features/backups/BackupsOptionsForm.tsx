import { useEffect, useId, useState } from "react";
import { Field } from "../../components/Field";
import { SubmitForm } from "../../components/SubmitForm";
import { Spinner } from "../../components/Spinner";
import { useSettings, useUpdateSettings } from "../../data/settings/settings";
import { handleError } from "../../lib/errors";
import { clearFormErrors } from "../../lib/formErrors";
import { addSuccessToast, addWarningToast } from "../../lib/toasts";
import { S3ConnectionFields } from "../settings/s3/S3ConnectionFields";
import { S3Status } from "../settings/s3/S3Status";
import { useS3AutoTest, useS3Test } from "../settings/s3/useS3Test";
import {
  autoBackupsEnabled,
  CRON_MAX_KEEP_MIN,
  CRON_PLACEHOLDER,
  CRON_PRESETS,
  MESSAGES,
  optionsChanged,
  optionsPayload,
  toOptionsForm,
  validateOptions,
  type BackupsOptions,
  type OptionsErrors,
} from "./backupsModel";
import { BusyButton } from "../../components/BusyButton";

/** "Backups options": auto backups (cron, max to keep) and the S3 storage of backups. */
export function BackupsOptionsForm() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const formId = useId();
  const [saved, setSaved] = useState<BackupsOptions | null>(null);
  const [draft, setDraft] = useState<BackupsOptions | null>(null);
  const [auto, setAuto] = useState(false);
  const [errors, setErrors] = useState<OptionsErrors>({});
  const [saving, setSaving] = useState(false);
  const s3 = useS3Test("backups");
  useS3AutoTest(s3, saved?.s3.enabled === true, draft?.s3.enabled);

  useEffect(() => {
    if (settings.error) console.warn(settings.error);
  }, [settings.error]);

  useEffect(() => {
    if (saved || !settings.data || settings.isFetching) return;
    const form = toOptionsForm(settings.data.backups as Record<string, unknown> | undefined);
    setSaved(form);
    setDraft(form);
    setAuto(autoBackupsEnabled(form));
  }, [saved, settings.data, settings.isFetching]);

  if (!saved || !draft) {
    return (
      <div className="backups-options-loader">
        <Spinner label="Loading settings..." />
      </div>
    );
  }

  const dirty = optionsChanged(saved, draft) || auto !== autoBackupsEnabled(saved);
  const set = (patch: Partial<BackupsOptions>) => setDraft({ ...draft, ...patch });
  const dropErrors = (prefix: string) => setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith(prefix))));

  const reset = () => {
    setDraft(saved);
    setAuto(autoBackupsEnabled(saved));
    setErrors({});
    clearFormErrors();
  };

  const submit = async () => {
    if (!dirty || saving) return;
    const found = validateOptions(draft, auto);
    setErrors(found);
    if (Object.keys(found).length) return;
    s3.cancel();
    setSaving(true);
    try {
      const result = await update.mutateAsync(optionsPayload(draft, auto));
      const next = toOptionsForm(result.backups as Record<string, unknown> | undefined);
      setSaved(next);
      setDraft(next);
      setAuto(autoBackupsEnabled(next));
      clearFormErrors();
      addSuccessToast(MESSAGES.optionsSaved);
      if (next.s3.enabled && !(await s3.test())) addWarningToast(MESSAGES.savedButS3Failed);
    } catch (err) {
      handleError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <SubmitForm id={formId} className="form backups-options-form" onSubmit={() => void submit()}>
      <Field name="backups.autoEnabled" label="Enable auto backups" inline>
        {(p) => (
          <input
            {...p}
            type="checkbox"
            checked={auto}
            disabled={saving}
            onChange={(e) => {
              setAuto(e.target.checked);
              if (!e.target.checked) {
                set({ cron: "" });
                dropErrors("backups.cron");
              }
            }}
          />
        )}
      </Field>

      {auto ? (
        <div className="backups-auto-grid">
          <Field
            name="backups.cron"
            label="Cron expression"
            required
            error={errors["backups.cron"]}
            hint="Supports numeric lists, steps, ranges and the macros @yearly, @annually, @monthly, @weekly, @daily, @midnight and @hourly. The timezone is UTC."
          >
            {(p) => (
              <div className="backups-cron">
                <input {...p} type="text" required placeholder={CRON_PLACEHOLDER} autoComplete="off" spellCheck={false} disabled={saving} value={draft.cron} onChange={(e) => set({ cron: e.target.value })} />
                <select
                  aria-label="Cron presets"
                  className="backups-cron-presets"
                  value=""
                  disabled={saving}
                  onChange={(e) => {
                    if (e.target.value) set({ cron: e.target.value });
                    dropErrors("backups.cron");
                  }}
                >
                  <option value="">Presets</option>
                  {CRON_PRESETS.map((preset) => (
                    <option key={preset.value} value={preset.value}>
                      {preset.label} ({preset.value})
                    </option>
                  ))}
                </select>
              </div>
            )}
          </Field>
          <Field name="backups.cronMaxKeep" label="Max @auto backups to keep" required error={errors["backups.cronMaxKeep"]}>
            {(p) => <input {...p} type="number" min={CRON_MAX_KEEP_MIN} step={1} required disabled={saving} value={draft.cronMaxKeep} onChange={(e) => set({ cronMaxKeep: e.target.value })} />}
          </Field>
        </div>
      ) : null}

      <div className="backups-s3">
        <div className="backups-s3-head">
          <Field name="backups.s3.enabled" label="Store backups in S3 storage" inline>
            {(p) => (
              <input
                {...p}
                type="checkbox"
                checked={draft.s3.enabled}
                disabled={saving}
                onChange={(e) => {
                  set({ s3: { ...draft.s3, enabled: e.target.checked } });
                  if (!e.target.checked) {
                    dropErrors("backups.s3.");
                    clearFormErrors();
                  }
                }}
              />
            )}
          </Field>
          {draft.s3.enabled && !dirty && !saving ? <S3Status state={s3.state} error={s3.error} /> : null}
        </div>
        {draft.s3.enabled ? <S3ConnectionFields prefix="backups.s3" value={draft.s3} errors={errors} disabled={saving} onField={(f, v) => set({ s3: { ...draft.s3, [f]: v } })} /> : null}
      </div>

      <div className="backups-options-actions">
        {dirty ? (
          <button type="button" className="btn btn-transparent" disabled={saving} onClick={reset}>
            Reset
          </button>
        ) : null}
        <BusyButton className="btn btn-primary" busy={saving} type="submit" disabled={!dirty}>
          Save changes
        </BusyButton>
      </div>
    </SubmitForm>
  );
}
