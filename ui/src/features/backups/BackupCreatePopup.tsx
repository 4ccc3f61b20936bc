import { useEffect, useId, useRef, useState } from "react";
import { Field } from "../../components/Field";
import { FormFooter } from "../../components/FormFooter";
import { SubmitForm } from "../../components/SubmitForm";
import { Icon } from "../../components/Icon";
import { OverlayPanel } from "../../components/OverlayPanel";
import { useCreateBackup } from "../../data/backups/createBackup";
import { handleError } from "../../lib/errors";
import { clearFormErrors } from "../../lib/formErrors";
import { addInfoToast, addSuccessToast } from "../../lib/toasts";
import { BACKUP_NAME_HINT, CREATE_AUTO_CLOSE_MS, LONG_INFO_TOAST_MS, MESSAGES, validateBackupName } from "./backupsModel";

/**
 * "Initialize new backup": idle -> creating. While creating, a close is refused with an info
 * toast for 1.5 s; then the popup closes by itself and the backup goes on in the background.
 */
export function BackupCreatePopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateBackup();
  const formId = useId();
  const [name, setName] = useState("");
  const [error, setError] = useState("");
  const [creating, setCreating] = useState(false);
  const autoClose = useRef<ReturnType<typeof setTimeout> | null>(null);
  const closeAllowed = useRef(false);

  useEffect(() => {
    if (!open) return;
    setName("");
    setError("");
    clearFormErrors();
  }, [open]);

  useEffect(() => () => {
    if (autoClose.current) clearTimeout(autoClose.current);
  }, []);

  const submit = async () => {
    if (creating) return;
    const invalid = validateBackupName(name);
    setError(invalid);
    if (invalid) return;
    setCreating(true);
    closeAllowed.current = false;
    autoClose.current = setTimeout(() => {
      closeAllowed.current = true;
      addInfoToast(MESSAGES.startedInBackground, LONG_INFO_TOAST_MS);
      onClose();
    }, CREATE_AUTO_CLOSE_MS);
    try {
      await create.mutateAsync(name);
      addSuccessToast(MESSAGES.created);
      closeAllowed.current = true;
      onClose();
    } catch (err) {
      handleError(err);
    } finally {
      if (autoClose.current) clearTimeout(autoClose.current);
      autoClose.current = null;
      setCreating(false);
    }
  };

  return (
    <OverlayPanel
      open={open}
      onClose={onClose}
      beforeHide={() => {
        if (creating && !closeAllowed.current) {
          addInfoToast(MESSAGES.alreadyStarted);
          return false;
        }
        return true;
      }}
      size="popup"
      title="Initialize new backup"
      footer={<FormFooter formId={formId} busy={creating} submitLabel="Start backup" dismissLabel="Cancel" onDismiss={onClose} />}
    >
      <SubmitForm id={formId} onSubmit={() => void submit()}>
        <div className="alert alert-info">
          <Icon name="info" />
          <div>
            <p className="backups-note">
              While the backup is written, other write requests may briefly fail or wait: the database is locked for a moment (mostly while the ZIP archive
              is generated).
            </p>
            <p className="backups-note">Files stored in S3 are not part of the backup; back them up separately.</p>
          </div>
        </div>
        <Field name="name" label="Backup name" error={error} hint={BACKUP_NAME_HINT}>
          {(p) => (
            <input
              {...p}
              type="text"
              placeholder="Leave empty to autogenerate"
              autoComplete="off"
              spellCheck={false}
              value={name}
              disabled={creating}
              onChange={(e) => {
                setName(e.target.value);
                setError("");
              }}
            />
          )}
        </Field>
      </SubmitForm>
    </OverlayPanel>
  );
}
