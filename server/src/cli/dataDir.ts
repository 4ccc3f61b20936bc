import { statSync } from "node:fs";

/**
 * Checks `--dir` before anything opens it: a path that exists but is not a directory would
 * otherwise surface as a bare `EEXIST`/`ENOTDIR` from deep inside the database layer.
 * Returns an error message, or null when the path is a directory or does not exist yet
 * (it is created on first use).
 */
export function dataDirProblem(dir: string): string | null {
  let stat;
  try {
    stat = statSync(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return null;
    if (code === "ENOTDIR") return `--dir ${dir}: a parent of this path is a file, not a directory.`;
    return `--dir ${dir}: ${(err as Error).message}`;
  }
  return stat.isDirectory() ? null : `--dir ${dir} is a file, not a directory: pass the path of a data directory (it is created when missing).`;
}
