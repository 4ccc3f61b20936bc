import { useIsMutating } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Icon } from "../../components/Icon";
import { Spinner } from "../../components/Spinner";
import { Tooltip } from "../../components/Tooltip";
import { useCanBackup } from "../../data/backups/backupAvailability";
import { useBackups } from "../../data/backups/backupsList";
import { backupsKeys } from "../../data/backups/keys";
import { handleError } from "../../lib/errors";
import { SettingsLayout } from "../settings/SettingsLayout";
import { BackupCreatePopup } from "./BackupCreatePopup";
import { BackupRestorePopup } from "./BackupRestorePopup";
import { BackupRunProgress } from "./BackupRunProgress";
import { BackupsList } from "./BackupsList";
import { BackupsOptionsForm } from "./BackupsOptionsForm";
import { BackupUploadButton } from "./BackupUploadButton";
import { MESSAGES } from "./backupsModel";
import "./backups.css";

export const BACKUPS_TITLE = "Backups";

export default function BackupsPage() {
  const backups = useBackups();
  const canBackup = useCanBackup();
  // A run is known before the health check tells: from this page's own create or restore call.
  const calling = useIsMutating({ mutationKey: backupsKeys.create() }) + useIsMutating({ mutationKey: backupsKeys.restore() }) > 0;
  const [createOpen, setCreateOpen] = useState(false);
  const [restoreKey, setRestoreKey] = useState("");
  const [optionsOpen, setOptionsOpen] = useState(false);
  const optionsId = useId();
  const titleId = useId();

  useEffect(() => {
    if (backups.error) handleError(backups.error);
  }, [backups.error]);

  // When a running backup/restore finishes (canBackup false -> true), the list reloads.
  const previous = useRef(canBackup);
  useEffect(() => {
    if (!previous.current && canBackup) void backups.refetch();
    previous.current = canBackup;
  }, [canBackup, backups]);

  return (
    <SettingsLayout title={BACKUPS_TITLE} className="backups-page">
      <section className="content-panel backups-panel" aria-labelledby={titleId}>
        <header className="backups-panel-header">
          <h2 id={titleId} className="backups-panel-title">
            Backup and restore your data
          </h2>
          <Tooltip text="Refresh">
            <button type="button" className="btn-icon btn-sm" aria-label="Refresh" disabled={backups.isFetching} onClick={() => void backups.refetch()}>
              <Icon name="refresh" size={16} />
            </button>
          </Tooltip>
          <BackupUploadButton />
        </header>

        <BackupsList backups={backups.data ?? []} loading={backups.isPending || (backups.isFetching && !backups.data?.length)} onRestore={setRestoreKey} />

        <div className="backups-create">
          <button type="button" className="btn btn-secondary btn-block backups-create-btn" disabled={!canBackup} onClick={() => setCreateOpen(true)}>
            {canBackup ? (
              <>
                <Icon name="plus" size={16} />
                Initialize new backup
              </>
            ) : (
              <>
                <Spinner size="sm" label="In progress" />
                {MESSAGES.inProcess}
              </>
            )}
          </button>
          <BackupRunProgress active={!canBackup || calling} />
        </div>

        <div className="backups-options">
          <button type="button" className="btn btn-transparent backups-options-toggle" aria-expanded={optionsOpen} aria-controls={optionsId} onClick={() => setOptionsOpen((v) => !v)}>
            Backups options
            <Icon name="chevronDown" size={16} className={`icon${optionsOpen ? " icon-rotated" : ""}`} />
          </button>
          <div id={optionsId} hidden={!optionsOpen}>
            {optionsOpen ? <BackupsOptionsForm /> : null}
          </div>
        </div>
      </section>
      <BackupCreatePopup open={createOpen} onClose={() => setCreateOpen(false)} />
      <BackupRestorePopup name={restoreKey} onClose={() => setRestoreKey("")} />
    </SettingsLayout>
  );
}
