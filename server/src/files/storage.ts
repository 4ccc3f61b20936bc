import path from "node:path";
import type { S3Config } from "../models/settings.js";
import type { FileSystem } from "./filesystem.js";
import { LocalFileSystem } from "./local.js";
import { S3FileSystem } from "./s3.js";

/** Where uploads live on disk when S3 is off: `<dataDir>/storage`, as in the reference. */
export function localStorageDir(dataDir: string): string {
  return path.join(dataDir, "storage");
}

/**
 * The uploads file system for the current settings: the S3 bucket when `s3.enabled`,
 * else `<dataDir>/storage`. Create a new one (and close the old one) when the s3
 * settings change.
 */
export function createFileSystem(dataDir: string, s3: S3Config): FileSystem {
  return s3.enabled ? new S3FileSystem(s3) : new LocalFileSystem(localStorageDir(dataDir));
}
