import { rmSync } from "node:fs";
import path from "node:path";

/** Where uploads wait for their record: `<dataDir>/.tmp/uploads` (same filesystem as `<dataDir>/storage`). */
export function spoolDir(dataDir: string): string {
  return path.join(dataDir, ".tmp", "uploads");
}

/** Removes temp uploads a previous process left behind (it stopped mid-request). */
export function clearSpoolDir(dataDir: string): void {
  rmSync(spoolDir(dataDir), { recursive: true, force: true });
}
