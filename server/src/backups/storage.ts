import path from "node:path";
import type { FileSystem } from "../files/filesystem.js";
import { LocalFileSystem } from "../files/local.js";
import { S3FileSystem } from "../files/s3.js";
import type { S3Config } from "../models/settings.js";

/** The folder of the data directory holding local backups (never itself backed up). */
export const BACKUPS_DIR = "backups";

export function localBackupsDir(dataDir: string): string {
  return path.join(dataDir, BACKUPS_DIR);
}

/**
 * Where backups are kept: the `backups.s3` bucket (keys at its root) when enabled, else
 * `<dataDir>/backups` with the same `.attrs` sidecars the reference writes.
 */
export function backupsFileSystem(dataDir: string, s3: S3Config): FileSystem {
  return s3.enabled ? new S3FileSystem(s3) : new LocalFileSystem(localBackupsDir(dataDir));
}
