import { createCollectionsStorage } from "../collections/sync.js";
import { copyPostgresToDataDir } from "../db/copy/toDataDir.js";
import { copyDataDirToPostgres } from "../db/copy/toPostgres.js";
import type { CopyProgress, CopyResult } from "../db/copy/types.js";
import { DB_HELP } from "./help.js";

type Flags = Record<string, string | boolean>;

const isUrl = (s: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(s);

/**
 * The progress of a copy on one line: rewritten in place on a terminal, one line per table
 * copied otherwise (logs, pipes).
 */
function progressPrinter(write: (s: string) => void, tty: boolean): { onProgress: CopyProgress; end(): void } {
  let last = 0;
  let shown = false;
  return {
    onProgress(table, done, total) {
      if (!tty) {
        if (done === total) write(`copied ${table}: ${total} rows\n`);
        return;
      }
      const now = Date.now();
      if (done !== total && now - last < 100) return;
      last = now;
      shown = true;
      write(`\r\x1b[Kcopying ${table}: ${done}/${total} rows`);
    },
    end() {
      if (shown) write("\r\x1b[K");
    },
  };
}

/** `cairn db copy --from … --to …`. Returns the exit code; a refusal or failure throws its one-line reason. */
export async function dbCommand(args: string[], flags: Flags, out: (s: string) => void): Promise<number> {
  const [sub] = args;
  if (sub !== "copy") {
    out(sub ? `Error: unknown command "${sub}" for "cairn db"\n\n${DB_HELP}` : DB_HELP);
    return 1;
  }
  const from = typeof flags.from === "string" ? flags.from : "";
  const to = typeof flags.to === "string" ? flags.to : "";
  if (!from || !to) {
    out(`Error: cairn db copy needs --from and --to\n\n${DB_HELP}`);
    return 1;
  }
  if (isUrl(from) === isUrl(to)) {
    out("Error: one of --from and --to must be a PostgreSQL URL (postgres://…) and the other a data directory");
    return 1;
  }
  const progress = progressPrinter((s) => process.stderr.write(s), process.stderr.isTTY === true);
  const hooks = { createCollectionsStorage, onProgress: progress.onProgress };
  let result: CopyResult;
  try {
    result = isUrl(to)
      ? await copyDataDirToPostgres({ dataDir: from, url: to, ...hooks })
      : await copyPostgresToDataDir({ url: from, dataDir: to, ...hooks });
  } finally {
    progress.end();
  }
  for (const w of result.warnings) process.stderr.write(`Warning: ${w}\n`);
  const records = Object.values(result.rows).reduce((a, b) => a + b, 0);
  out(`Copied ${Object.keys(result.rows).length} tables (${records} rows).`);
  return 0;
}
