/** Backups page rules: name pattern, restore confirmation, the options form (dirty, validation, payload) and constants. */
import { number, required } from "../../lib/validation";
import type { BackupPhase, RunningBackup } from "../../data/backups/backupProgress";
import type { S3Form } from "../settings/settingsValidation";

export const BACKUP_NAME_PATTERN = /^[a-z0-9_-]+\.zip$/;
export const BACKUP_NAME_INVALID = "Must be in a valid format.";
export const BACKUP_NAME_HINT = "Lowercase letters, digits, _ and - only, ending with .zip.";

export const CREATE_AUTO_CLOSE_MS = 1500;
export const RESTORE_RELOAD_MS = 2000;
export const LONG_INFO_TOAST_MS = 4500;
export const CRON_MAX_KEEP_MIN = 1;

export const MESSAGES = {
  created: "Successfully generated new backup.",
  uploaded: "Successfully uploaded a new backup.",
  deleted: (name: string) => `Successfully deleted ${name}.`,
  deleteConfirm: (name: string) => `Do you really want to delete ${name}?`,
  alreadyStarted: "A backup has already been started, please wait.",
  startedInBackground: "The backup was started but may take a while to complete. You can come back later.",
  optionsSaved: "Successfully saved application settings.",
  savedButS3Failed: "Successfully saved but failed to establish S3 connection.",
  inProcess: "Backup/restore operation is in process",
  empty: "No backups yet.",
} as const;

export const CRON_PRESETS = [
  { label: "Every day at 00:00h", value: "0 0 * * *" },
  { label: "Every sunday at 00:00h", value: "0 0 * * 0" },
  { label: "Every Mon and Wed at 00:00h", value: "0 0 * * 1,3" },
  { label: "Every first day of the month at 00:00h", value: "0 0 1 * *" },
] as const;

export const CRON_PLACEHOLDER = "* * * * *";

/** An empty name is allowed (the server generates one); anything else must match the pattern. */
export function validateBackupName(name: string): string {
  const v = name.trim();
  return v === "" || BACKUP_NAME_PATTERN.test(v) ? "" : BACKUP_NAME_INVALID;
}

/** The restore button needs the exact backup name typed and nothing loading. */
export function canRestore(typed: string, name: string, loading: boolean): boolean {
  return name !== "" && typed === name && !loading;
}

export interface BackupsOptions {
  cron: string;
  cronMaxKeep: string;
  s3: S3Form;
}

export const S3_FIELDS = ["endpoint", "bucket", "region", "accessKey", "secret"] as const;

const str = (v: unknown) => (v === undefined || v === null ? "" : String(v));

/** The form's copy of settings.backups (numbers as input text). */
export function toOptionsForm(backups: Record<string, unknown> | undefined): BackupsOptions {
  const s3 = (backups?.s3 ?? {}) as Record<string, unknown>;
  return {
    cron: str(backups?.cron),
    cronMaxKeep: str(backups?.cronMaxKeep ?? ""),
    s3: {
      enabled: !!s3.enabled,
      endpoint: str(s3.endpoint),
      bucket: str(s3.bucket),
      region: str(s3.region),
      accessKey: str(s3.accessKey),
      secret: str(s3.secret),
      forcePathStyle: !!s3.forcePathStyle,
    },
  };
}

/** The auto-backups toggle starts on when a cron expression is saved. */
export function autoBackupsEnabled(form: BackupsOptions): boolean {
  return form.cron.trim() !== "";
}

export function optionsChanged(saved: BackupsOptions, draft: BackupsOptions): boolean {
  return JSON.stringify(saved) !== JSON.stringify(draft);
}

export type OptionsErrors = Partial<Record<string, string>>;

/** Client checks, keyed by the server's field names ("backups.cron", "backups.s3.bucket", ...). */
export function validateOptions(draft: BackupsOptions, autoEnabled: boolean): OptionsErrors {
  const errors: OptionsErrors = {};
  if (autoEnabled) {
    errors["backups.cron"] = required(draft.cron);
    errors["backups.cronMaxKeep"] = number(draft.cronMaxKeep, { min: CRON_MAX_KEEP_MIN, integer: true });
  }
  if (draft.s3.enabled) for (const f of S3_FIELDS) errors[`backups.s3.${f}`] = required(draft.s3[f]);
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => !!v));
}

/** PATCH /api/settings body: only the backups group (redacted values are stripped by the settings fetcher). */
export function optionsPayload(draft: BackupsOptions, autoEnabled: boolean): { backups: Record<string, unknown> } {
  const keep = Number(draft.cronMaxKeep.trim());
  return {
    backups: {
      cron: autoEnabled ? draft.cron.trim() : "",
      cronMaxKeep: draft.cronMaxKeep.trim() === "" || !Number.isFinite(keep) ? 0 : keep,
      s3: { ...draft.s3 },
    },
  };
}


/** What each phase of a running backup or restore is called on the progress bar. */
export const PHASE_LABELS: Record<BackupPhase, string> = {
  snapshot: "Copying the databases",
  zip: "Zipping the files",
  store: "Storing the archive",
  download: "Downloading the archive",
  validate: "Checking the archive",
  extract: "Extracting the files",
  reload: "Switching to the restored data",
};

/** 0..1 through the current phase, or null when the phase has no byte count. */
export function progressFraction(run: RunningBackup): number | null {
  return run.total > 0 ? Math.min(1, run.done / run.total) : null;
}

/** The bar's text: the phase, with its percentage when it has one. */
export function progressText(run: RunningBackup): string {
  const fraction = progressFraction(run);
  return fraction === null ? `${PHASE_LABELS[run.phase]}...` : `${PHASE_LABELS[run.phase]} ${Math.floor(fraction * 100)}%`;
}
