import { ADMIN_HELP } from "./admin.js";
import { MIGRATE_HELP } from "./migrate.js";

export const HELP = `Cairn — a self-hosted backend speaking the PocketBase v0.22 API

Usage:
  cairn [command]

Available Commands:
  serve       Starts the web server (default to 127.0.0.1:8090)
  admin       Manages admin accounts (create, update, delete, totp-reset)
  typegen     Writes TypeScript types for the collections
  migrate     Runs the JS migration files of pb_migrations (up, down [N], create, collections, history-sync)
  db          Copies data between a data directory and PostgreSQL (db copy --from … --to …)

Flags:
      --dir string    the data directory (default "cairn_data"); with --db it holds only
                      storage/ and backups/
      --db URL        keep the data in PostgreSQL 15+ (postgres://user:password@host:port/name)
                      instead of the data directory (default: the CAIRN_DATABASE_URL variable)
      --dbPool N      PostgreSQL connections of this process (default 10)
      --encryptionEnv NAME  the environment variable whose 32-character value encrypts
                      the stored settings (AES-256-GCM, as PocketBase's option)
      --dev           print extra diagnostics to stderr
  -h, --help          help for cairn
  -v, --version       version for cairn

Use "cairn [command] --help" for more information about a command.`;

export const SERVE_HELP = `Starts the web server (default to 127.0.0.1:8090)

Usage:
  cairn serve [--http HOST:PORT] [flags]

Flags:
      --http string   the address to listen on (default "127.0.0.1:8090")
      --readWorkers N worker threads running slow list reads, so cheap requests stay
                      fast meanwhile (default: 2, or 1 on one core; 0: off)
      --bodyTimeout S seconds a request body may stop arriving before the request is
                      answered 408 (default 60; 0: no limit)
      --headersTimeout S  seconds a client may take to send a request's headers before
                      a 408 (default 60; 0: no limit)
      --dir string    the data directory (default "cairn_data"); with --db it holds only
                      storage/ and backups/
      --db URL        keep the data in PostgreSQL 15+ (postgres://user:password@host:port/name);
                      several servers on one database act as one (default: CAIRN_DATABASE_URL)
      --dbPool N      PostgreSQL connections of this process (default 10)
      --encryptionEnv NAME  the environment variable holding the settings encryption key
      --migrationsDir string  the JS migrations applied before listening (default
                      "pb_migrations" next to the data directory)
      --hooksDir string  the JS hooks (*.pb.js) loaded after the migrations (default
                      "pb_hooks" next to the data directory)
      --hooksPool N   threads running JS hooks at once (default 2, at most 8)
      --dev           print extra diagnostics to stderr`;

export const DB_HELP = `Copies data between a data directory and a PostgreSQL database.

Usage:
  cairn db copy --from DIR --to postgres://user:password@host:port/name
  cairn db copy --from postgres://user:password@host:port/name --to DIR

The first form copies a Cairn or PocketBase v0.22 data directory (data.db and logs.db) into an
empty PostgreSQL database; the second writes data.db and logs.db that PocketBase v0.22 opens
into a directory that has neither. Files (storage/) are not copied: copy or share them apart.
A target that is not empty is refused, and a failed copy leaves the target as it was.

Flags:
      --from string   the data directory or PostgreSQL URL to copy from
      --to string     the PostgreSQL URL or data directory to copy to`;

/** The help of a command that prints its own (typegen answers --help itself), else the top-level help. */
export function helpFor(command: string | undefined): string {
  if (command === "serve") return SERVE_HELP;
  if (command === "admin") return ADMIN_HELP;
  if (command === "db") return DB_HELP;
  if (command === "migrate") return MIGRATE_HELP;
  return HELP;
}
