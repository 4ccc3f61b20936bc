import { useEffect, useId, useState } from "react";
import { Field } from "../../components/Field";
import { FormFooter } from "../../components/FormFooter";
import { OverlayPanel } from "../../components/OverlayPanel";
import { Spinner } from "../../components/Spinner";
import { useSettings, useUpdateSettings, type LogsSettings } from "../../data/settings/settings";
import { handleError } from "../../lib/errors";
import { clearFormErrors } from "../../lib/formErrors";
import { addSuccessToast } from "../../lib/toasts";
import { hasErrors, LOGS_MIN_LEVEL_RANGE, validateLogsSettings } from "../../lib/validation";

export const LOGS_SETTINGS_SAVED = "Successfully saved logs settings.";

interface FormValues {
  maxDays: string;
  minLevel: string;
  logIp: boolean;
}

function toForm(s: LogsSettings | undefined): FormValues {
  return { maxDays: String(s?.maxDays ?? 0), minLevel: String(s?.minLevel ?? 0), logIp: s?.logIp ?? false };
}

/** Save is enabled only when the values differ from the loaded ones. */
export function logsSettingsChanged(loaded: FormValues, current: FormValues): boolean {
  return loaded.maxDays.trim() !== current.maxDays.trim() || loaded.minLevel.trim() !== current.minLevel.trim() || loaded.logIp !== current.logIp;
}

export function LogsSettingsPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const settings = useSettings(open);
  const update = useUpdateSettings();
  const formId = useId();
  const [loaded, setLoaded] = useState<FormValues | null>(null);
  const [values, setValues] = useState<FormValues>(toForm(undefined));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  // Each opening reloads the settings and starts from them.
  useEffect(() => {
    if (!open) {
      setLoaded(null);
      setErrors({});
      clearFormErrors();
      return;
    }
    void settings.refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  useEffect(() => {
    if (!open || !settings.data || settings.isFetching) return;
    if (loaded) return;
    const v = toForm(settings.data.logs);
    setLoaded(v);
    setValues(v);
  }, [open, settings.data, settings.isFetching, loaded]);

  useEffect(() => {
    if (settings.error && open) handleError(settings.error);
  }, [settings.error, open]);

  const changed = !!loaded && logsSettingsChanged(loaded, values);

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!changed || update.isPending) return;
    const v = validateLogsSettings(values);
    setErrors(v);
    if (hasErrors(v)) return;
    update.mutate(
      { logs: { maxDays: Number(values.maxDays), minLevel: Number(values.minLevel), logIp: values.logIp } },
      {
        onSuccess: () => {
          addSuccessToast(LOGS_SETTINGS_SAVED);
          onClose();
        },
        onError: (err) => handleError(err),
      },
    );
  };

  const set = (name: keyof FormValues, value: string | boolean) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((er) => ({ ...er, [`logs.${name}`]: undefined }));
  };

  return (
    <OverlayPanel
      open={open}
      onClose={onClose}
      title="Logs settings"
      size="popup"
      className="logs-settings-popup"
      footer={<FormFooter formId={formId} busy={update.isPending} canSubmit={changed && !update.isPending} submitLabel="Save changes" dismissLabel="Cancel" onDismiss={onClose} />}
    >
      {!loaded ? (
        <div className="panel-loader">
          <Spinner label="Loading settings..." />
        </div>
      ) : (
        <form id={formId} className="form" onSubmit={onSubmit} noValidate aria-label="Logs settings">
          <Field name="logs.maxDays" label="Max days retention" required error={errors["logs.maxDays"]} hint="Set to 0 to disable logs persistence.">
            {(p) => <input {...p} type="number" inputMode="numeric" min={0} step={1} required value={values.maxDays} onChange={(e) => set("maxDays", e.target.value)} />}
          </Field>
          <Field
            name="logs.minLevel"
            label="Min log level"
            required
            error={errors["logs.minLevel"]}
            hint="Logs with a lower level are ignored. Default levels: DEBUG (-4), INFO (0), WARN (4), ERROR (8)."
          >
            {(p) => (
              <input
                {...p}
                type="number"
                inputMode="numeric"
                min={LOGS_MIN_LEVEL_RANGE.min}
                max={LOGS_MIN_LEVEL_RANGE.max}
                step={1}
                required
                value={values.minLevel}
                onChange={(e) => set("minLevel", e.target.value)}
              />
            )}
          </Field>
          <Field name="logs.logIp" label="Enable IP logging" inline>
            {(p) => <input {...p} type="checkbox" checked={values.logIp} onChange={(e) => set("logIp", e.target.checked)} />}
          </Field>
        </form>
      )}
    </OverlayPanel>
  );
}
