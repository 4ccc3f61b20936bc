import { useState } from "react";
import { Icon } from "../../components/Icon";
import { Spinner } from "../../components/Spinner";
import { Tooltip } from "../../components/Tooltip";
import type { BackupFile } from "../../data/backups/backupsList";
import { useDeleteBackup } from "../../data/backups/deleteBackup";
import { downloadBackup } from "../../data/backups/downloadBackup";
import { confirm } from "../../lib/confirm";
import { handleError } from "../../lib/errors";
import { formatDate, formatFileSize } from "../../lib/format";
import { addSuccessToast } from "../../lib/toasts";
import { MESSAGES } from "./backupsModel";

const SKELETON_ROWS = 3;

function RowAction({ label, tip, icon, busy, disabled, danger, onClick }: { label: string; tip: string; icon: "download" | "restore" | "trash"; busy?: boolean; disabled?: boolean; danger?: boolean; onClick: () => void }) {
  return (
    <Tooltip text={tip}>
      <button type="button" className={`btn-icon btn-sm${danger ? " backups-action-danger" : ""}`} aria-label={label} disabled={disabled || busy} aria-busy={busy || undefined} onClick={onClick}>
        {busy ? <Spinner size="sm" label={`${tip}...`} /> : <Icon name={icon} size={16} />}
      </button>
    </Tooltip>
  );
}

/** The backup files, newest first, with download / restore / delete per row. */
export function BackupsList({ backups, loading, onRestore }: { backups: BackupFile[]; loading: boolean; onRestore: (key: string) => void }) {
  const remove = useDeleteBackup();
  const [downloading, setDownloading] = useState<Set<string>>(new Set());
  const [deleting, setDeleting] = useState<Set<string>>(new Set());

  const mark = (set: typeof setDownloading, key: string, on: boolean) =>
    set((prev) => {
      const next = new Set(prev);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const download = async (key: string) => {
    mark(setDownloading, key, true);
    try {
      await downloadBackup(key);
    } catch (err) {
      handleError(err);
    } finally {
      mark(setDownloading, key, false);
    }
  };

  const askDelete = (key: string) =>
    confirm(MESSAGES.deleteConfirm(key), async () => {
      mark(setDeleting, key, true);
      try {
        await remove.mutateAsync(key);
        addSuccessToast(MESSAGES.deleted(key));
      } catch (err) {
        handleError(err);
      } finally {
        mark(setDeleting, key, false);
      }
    });

  if (loading) {
    return (
      <ul className="backups-list" aria-busy="true" aria-label="Backups">
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <li key={i} className="backups-item backups-skeleton" aria-hidden="true">
            <span className="backups-skel backups-skel-icon" />
            <span className="backups-skel backups-skel-text" />
          </li>
        ))}
        <li className="visually-hidden">Loading backups...</li>
      </ul>
    );
  }

  return (
    <ul className="backups-list" aria-label="Backups">
      {backups.length === 0 ? <li className="backups-item backups-empty">{MESSAGES.empty}</li> : null}
      {backups.map((b) => {
        const busy = deleting.has(b.key);
        return (
          <li key={b.key} className={`backups-item${busy ? " backups-item-busy" : ""}`} data-testid="backup-row">
            <Icon name="archive" size={18} className="icon backups-item-icon" />
            <span className="backups-item-name" title={b.key}>
              {b.key}
            </span>
            <span className="backups-item-size txt-hint">({formatFileSize(b.size)})</span>
            <span className="backups-item-date txt-hint">{formatDate(b.modified)} UTC</span>
            <span className="backups-item-actions">
              <RowAction label={`Download ${b.key}`} tip="Download" icon="download" busy={downloading.has(b.key)} disabled={busy} onClick={() => void download(b.key)} />
              <RowAction label={`Restore ${b.key}`} tip="Restore" icon="restore" disabled={busy} onClick={() => onRestore(b.key)} />
              <RowAction label={`Delete ${b.key}`} tip="Delete" icon="trash" danger busy={busy} onClick={() => askDelete(b.key)} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}
