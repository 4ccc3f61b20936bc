import { useEffect, useId, useState } from "react";
import { CopyButton } from "../../components/CopyButton";
import { Field } from "../../components/Field";
import { FormFooter } from "../../components/FormFooter";
import { SubmitForm } from "../../components/SubmitForm";
import { Icon } from "../../components/Icon";
import { OverlayPanel } from "../../components/OverlayPanel";
import { useRestoreBackup } from "../../data/backups/restoreBackup";
import { isAbortError, normalizeError } from "../../lib/errors";
import { addErrorToast } from "../../lib/toasts";
import { canRestore, RESTORE_RELOAD_MS } from "./backupsModel";
import { BackupRunProgress } from "./BackupRunProgress";

/** Restore: type the backup name to enable the button; on success the page reloads 2 s later. */
export function BackupRestorePopup({ name, onClose }: { name: string; onClose: () => void }) {
  const restore = useRestoreBackup();
  const formId = useId();
  const [shownName, setShownName] = useState(name);
  const [typed, setTyped] = useState("");
  const [loading, setLoading] = useState(false);

  // Keep the name while the popup fades out.
  useEffect(() => {
    if (name) {
      setShownName(name);
      setTyped("");
    }
  }, [name]);

  const submit = async () => {
    if (!canRestore(typed, shownName, loading)) return;
    setLoading(true);
    try {
      await restore.mutateAsync(shownName);
      // Stays loading: the server restarts on the restored data, then the page reloads.
      setTimeout(() => window.location.reload(), RESTORE_RELOAD_MS);
    } catch (err) {
      if (isAbortError(err)) return;
      setLoading(false);
      addErrorToast(normalizeError(err).message);
    }
  };

  return (
    <OverlayPanel
      open={!!name}
      onClose={onClose}
      beforeHide={() => !loading}
      size="popup"
      role="alertdialog"
      title={
        <>
          Restore <strong>{shownName}</strong>
        </>
      }
      footer={<FormFooter formId={formId} busy={loading} canSubmit={canRestore(typed, shownName, loading)} submitLabel="Restore backup" dismissLabel="Cancel" onDismiss={onClose} danger />}
    >
      <SubmitForm id={formId} onSubmit={() => void submit()}>
        <div className="alert alert-danger">
          <Icon name="alert" />
          <div>
            <p className="backups-note">Restoring is experimental and works only on UNIX based systems.</p>
            <p className="backups-note">
              It replaces the whole data directory (app settings, users, admins, collections, records and files) with the backup&apos;s content and restarts
              the server process.
            </p>
            <p className="backups-note">Nothing happens if the backup is invalid or incompatible (for example, when it has no data.db).</p>
          </div>
        </div>
        <Field
          name="restoreName"
          label={
            <span className="backups-restore-label">
              Type the backup name <code className="label">{shownName}</code> to confirm:
            </span>
          }
        >
          {(p) => <input {...p} type="text" autoComplete="off" spellCheck={false} required value={typed} disabled={loading} onChange={(e) => setTyped(e.target.value)} />}
        </Field>
        <div className="backups-restore-copy txt-hint">
          <CopyButton value={shownName} label="Copy the backup name" /> Copy the name
        </div>
        {/* the page's bar is under this popup while it waits */}
        <BackupRunProgress active={loading} />
      </SubmitForm>
    </OverlayPanel>
  );
}
