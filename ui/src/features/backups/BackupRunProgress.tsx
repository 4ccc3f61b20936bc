import { ProgressBar } from "../../components/ProgressBar";
import { useBackupProgress } from "../../data/backups/backupProgress";
import { progressFraction, progressText } from "./backupsModel";

/**
 * The running backup's or restore's progress bar (phase and percentage), polled while
 * `active`. Nothing shows against a server without progress reporting (PocketBase).
 */
export function BackupRunProgress({ active }: { active: boolean }) {
  const run = useBackupProgress(active);
  if (!run) return null;
  return (
    <ProgressBar
      label={run.action === "backup" ? `Backup progress of ${run.key}` : `Restore progress of ${run.key}`}
      fraction={progressFraction(run)}
      text={progressText(run)}
      className="backups-run-progress"
    />
  );
}
