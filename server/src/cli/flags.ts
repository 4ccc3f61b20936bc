import type { ParsedArgs } from "./args.js";

/**
 * The flags the CLI knows: Cairn's own plus PocketBase's, which are accepted (and mostly
 * ignored) so scripts written for the reference keep working. Anything else is a typo the
 * user should hear about instead of silently running with defaults.
 */
const KNOWN_FLAGS = new Set([
  "h", "help", "v", "version",
  "dir", "dev", "http",
  // every command: the PostgreSQL database
  "db", "dbPool",
  // db copy
  "from", "to",
  // serve
  "readWorkers", "bodyTimeout", "headersTimeout",
  // typegen
  "url", "email", "password", "out",
  // PocketBase's, accepted for compatibility
  "https", "origins", "automigrate", "encryptionEnv", "hooksDir", "hooksPool", "hooksWatch",
  "indexFallback", "migrationsDir", "publicDir", "queryTimeout",
]);

/**
 * The reference's error for the first unknown flag, named as the user wrote it: `unknown flag: --x`,
 * or for a single dash `unknown shorthand flag: 'x' in -x`. Null when every flag is known.
 */
export function unknownFlag({ flags, written }: Pick<ParsedArgs, "flags" | "written">): string | null {
  const name = Object.keys(flags).find((f) => !KNOWN_FLAGS.has(f));
  if (name === undefined) return null;
  const as = written[name] ?? `--${name}`;
  return as.startsWith("--") ? `unknown flag: ${as}` : `unknown shorthand flag: '${name[0]}' in ${as}`;
}

/**
 * `--readWorkers N`: worker threads for slow list reads (0 turns them off); undefined when
 * absent (the app's default). Throws a message for the user on anything but a whole number 0..64.
 */
export function readWorkersFlag(flags: Record<string, string | boolean>): number | undefined {
  const v = flags.readWorkers;
  if (v === undefined) return undefined;
  const n = typeof v === "string" && /^\d+$/.test(v) ? Number(v) : NaN;
  if (!(n >= 0 && n <= 64)) throw new Error(`invalid --readWorkers value ${JSON.stringify(String(v))}: a number of worker threads from 0 (off) to 64`);
  return n;
}

/**
 * `--bodyTimeout S` / `--headersTimeout S`: seconds (0 turns it off) as milliseconds; undefined
 * when absent (the server's default). Throws a message for the user on anything but a whole
 * number of seconds up to a day.
 */
export function timeoutFlag(flags: Record<string, string | boolean>, name: "bodyTimeout" | "headersTimeout"): number | undefined {
  const v = flags[name];
  if (v === undefined) return undefined;
  const n = typeof v === "string" && /^\d+$/.test(v) ? Number(v) : NaN;
  if (!(n >= 0 && n <= 86_400)) throw new Error(`invalid --${name} value ${JSON.stringify(String(v))}: a number of seconds from 0 (no limit) to 86400`);
  return n * 1000;
}

/**
 * `--db URL` (or the `CAIRN_DATABASE_URL` environment variable) and `--dbPool N`: the PostgreSQL
 * database and this process's connections to it; undefined when absent (the data directory's
 * SQLite files). The URL itself is checked when the database opens. Throws a message for the
 * user on a bad `--dbPool`, or on `--dbPool` without a database.
 */
export function databaseFlags(flags: Record<string, string | boolean>, env: NodeJS.ProcessEnv = process.env): { databaseUrl?: string; dbPoolSize?: number } {
  const url = typeof flags.db === "string" ? flags.db : env.CAIRN_DATABASE_URL || undefined;
  const v = flags.dbPool;
  if (v === undefined) return { databaseUrl: url };
  const n = typeof v === "string" && /^\d+$/.test(v) ? Number(v) : NaN;
  if (!(n >= 1 && n <= 1000)) throw new Error(`invalid --dbPool value ${JSON.stringify(String(v))}: a number of PostgreSQL connections from 1 to 1000`);
  if (!url) throw new Error("--dbPool needs a PostgreSQL database (--db URL or CAIRN_DATABASE_URL)");
  return { databaseUrl: url, dbPoolSize: n };
}
