import { snakeCase } from "../files/names.js";
import { fieldError, type FieldError } from "../tools/errors.js";

/** Backup names as the reference accepts them: lowercase letters, digits, `_` and `-`, then `.zip`. */
export const BACKUP_NAME_PATTERN = /^[a-z0-9_-]+\.zip$/;
export const BACKUP_NAME_MAX = 100;
/** Prefix of the backups made by the `backups.cron` schedule (only those are pruned). */
export const AUTO_PREFIX = "@auto_pb_backup_";

/** The field error for a requested name, or null when it is acceptable (the length is checked first). */
export function backupNameError(name: string): FieldError | null {
  const length = [...name].length;
  if (length < 1 || length > BACKUP_NAME_MAX) {
    return fieldError("validation_length_out_of_range", `The length must be between 1 and ${BACKUP_NAME_MAX}.`);
  }
  if (!BACKUP_NAME_PATTERN.test(name)) return fieldError("validation_match_invalid", "Must be in a valid format.");
  return null;
}

/** `YYYYMMDDHHMMSS` in UTC. */
function stamp(d: Date): string {
  return d.toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

/**
 * The name of a backup made without one: `pb_backup_<snake-cased app name>_<UTC stamp>.zip`,
 * with the `@auto_` prefix for scheduled backups.
 */
export function generatedBackupName(appName: string, at: Date, auto = false): string {
  return `${auto ? "@auto_" : ""}pb_backup_${snakeCase(appName)}_${stamp(at)}.zip`;
}
