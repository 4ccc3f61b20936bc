import { Icon } from "../../../components/Icon";
import { SubmitForm } from "../../../components/SubmitForm";
import type { Settings } from "../../../data/settings/settings";
import { clearFormErrors } from "../../../lib/formErrors";
import { addSuccessToast, addWarningToast } from "../../../lib/toasts";
import { FormActions } from "../FormActions";
import { SettingsLayout } from "../SettingsLayout";
import { validateS3, type S3Form } from "../settingsValidation";
import { useSettingsForm } from "../useSettingsForm";
import { S3Fields } from "./S3Fields";
import { S3Status } from "../s3/S3Status";
import { useS3AutoTest, useS3Test } from "../s3/useS3Test";

export const STORAGE_SAVED = "Successfully saved files storage settings.";
export const SAVED_BUT_S3_FAILED = "Successfully saved but failed to establish S3 connection.";

export function pickS3(v: unknown): S3Form {
  const s = (v ?? {}) as Partial<S3Form>;
  return {
    enabled: s.enabled === true,
    endpoint: s.endpoint ?? "",
    bucket: s.bucket ?? "",
    region: s.region ?? "",
    accessKey: s.accessKey ?? "",
    secret: s.secret ?? "",
    forcePathStyle: s.forcePathStyle === true,
  };
}

/** /settings/storage: local file system or S3, with the live connection status and the migration warning. */
export default function StoragePage() {
  const s3test = useS3Test("storage");
  const f = useSettingsForm<{ s3: S3Form }>({
    pick: (s: Settings) => ({ s3: pickS3(s.s3) }),
    toPayload: (form) => ({ s3: form.s3 }),
    validate: (form) => validateS3(form.s3, "s3"),
    successMessage: STORAGE_SAVED,
    beforeSave: s3test.cancel,
    onSaved: (s) => {
      if (!pickS3(s.s3).enabled) return true;
      void s3test.test().then((connected) => (connected ? addSuccessToast(STORAGE_SAVED) : addWarningToast(SAVED_BUT_S3_FAILED)));
      return false;
    },
  });

  useS3AutoTest(s3test, f.loaded?.s3.enabled === true, f.form?.s3.enabled);

  const form = f.form;
  const enabledChanged = !!form && !!f.loaded && form.s3.enabled !== f.loaded.s3.enabled;
  const showStatus = !!form && !!f.loaded && f.loaded.s3.enabled && form.s3.enabled && !f.saving;

  return (
    <SettingsLayout title="Files storage" loading={f.loading}>
      {form ? (
        <SubmitForm className="settings-panel form" label="Files storage settings" onSubmit={f.save}>
          <p className="settings-intro">By default the uploaded files are stored in the local file system. If you need more storage, you can connect an external S3 compatible storage.</p>
          <S3Fields
            prefix="s3"
            toggleLabel="Use S3 storage"
            value={form.s3}
            errors={f.errors}
            set={f.set}
            onDisable={() => {
              f.setErrors({});
              clearFormErrors();
            }}
          >
            {enabledChanged ? (
              <div className="alert alert-warning" role="note">
                <Icon name="alert" size={16} />
                <div>
                  If you have existing uploaded files, you&apos;ll have to migrate them manually from the{" "}
                  <strong>{f.loaded?.s3.enabled ? "S3 storage" : "local file system"}</strong> to the{" "}
                  <strong>{form.s3.enabled ? "S3 storage" : "local file system"}</strong>. There are numerous command line tools that can help you, such as{" "}
                  <a href="https://github.com/rclone/rclone" target="_blank" rel="noopener noreferrer">rclone</a>,{" "}
                  <a href="https://github.com/peak/s5cmd" target="_blank" rel="noopener noreferrer">s5cmd</a>, etc.
                </div>
              </div>
            ) : null}
          </S3Fields>
          <FormActions
            changed={f.changed}
            saving={f.saving}
            onCancel={f.reset}
            cancelLabel="Reset"
            saveLabel="Save changes"
            start={showStatus ? <S3Status state={s3test.state} error={s3test.error} /> : null}
          />
        </SubmitForm>
      ) : null}
    </SettingsLayout>
  );
}
