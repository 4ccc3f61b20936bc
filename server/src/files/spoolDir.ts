import { readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";

/** Where uploads wait for their record: `<dataDir>/.tmp/uploads` (same filesystem as `<dataDir>/storage`). */
export function spoolDir(dataDir: string): string {
  return path.join(dataDir, ".tmp", "uploads");
}

/**
 * How long an untouched temp upload may be another node's upload in progress: a body that sends
 * nothing for the body timeout (60 s by default) is ended, so ten minutes of silence is a leftover.
 */
export const SHARED_SPOOL_AGE_MS = 10 * 60_000;

/**
 * Removes temp uploads a previous process left behind (it stopped mid-request). With `olderThanMs`
 * (nodes sharing `--dir`) only what nobody has written to for that long, so a starting node never
 * removes another node's upload in progress.
 */
export function clearSpoolDir(dataDir: string, opts: { olderThanMs?: number } = {}): void {
  const dir = spoolDir(dataDir);
  if (opts.olderThanMs === undefined) {
    rmSync(dir, { recursive: true, force: true });
    return;
  }
  const before = Date.now() - opts.olderThanMs;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return; // no spool yet
  }
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      if (statSync(file).mtimeMs < before) rmSync(file, { recursive: true, force: true });
    } catch {
      // Gone meanwhile (its request finished): nothing to do.
    }
  }
}
