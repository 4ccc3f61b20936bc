import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { App } from "../app.js";
import { MigrationRunner } from "../migrations/runner.js";
import { blankMigration, collectionsSnapshot, migrationFileName } from "../migrations/templates.js";
import { DirectRecords } from "../records/direct.js";

export const MIGRATE_HELP = `Runs the JS migration files of the migrations directory (PocketBase's pb_migrations)

Usage:
  cairn migrate [up | down [N] | create NAME | collections | history-sync] [flags]

Commands:
  up             applies the files not applied yet, in file-name order
  down [N]       reverts the last N applied files (default 1)
  create NAME    writes a blank migration file
  collections    writes a migration that recreates the current collections
  history-sync   forgets applied files that are no longer in the directory

Flags:
      --migrationsDir string  the migrations directory (default "pb_migrations" next to
                      the data directory)
      --dir string    the data directory (default "cairn_data")`;

/** `--migrationsDir`, else PocketBase's default: `pb_migrations` beside the data directory. */
export function migrationsDirOf(flags: Record<string, string | boolean>, dataDir: string): string {
  return typeof flags.migrationsDir === "string" ? flags.migrationsDir : path.join(dataDir, "..", "pb_migrations");
}

export function migrationRunner(app: App, dir: string): MigrationRunner {
  return new MigrationRunner({
    dir,
    db: app.db,
    services: { collections: app.collections, records: app.records, direct: new DirectRecords({ events: app.events }) },
  });
}

/** `cairn serve`: the pending files, applied before listening (a failure stops the start). */
export async function applyPendingMigrations(app: App, dir: string, out: (s: string) => void): Promise<void> {
  for (const file of await migrationRunner(app, dir).up()) out(`Applied ${file}`);
}

/** `cairn migrate …`; returns the exit code. */
export async function migrateCommand(app: App, args: string[], dir: string, out: (s: string) => void): Promise<number> {
  const runner = migrationRunner(app, dir);
  const [sub, arg] = args;
  const typesPath = path.relative(dir, path.join(app.dataDir, "types.d.ts"));
  switch (sub ?? "up") {
    case "up": {
      const applied = await runner.up();
      if (applied.length === 0) out("No new migrations to apply.");
      for (const f of applied) out(`Applied ${f}`);
      return 0;
    }
    case "down": {
      const n = arg === undefined ? 1 : Number(arg);
      if (!Number.isInteger(n) || n < 1) {
        out(`Error: the number of migrations to revert must be a whole number of at least 1 (got ${JSON.stringify(arg)})`);
        return 1;
      }
      const reverted = await runner.down(n);
      if (reverted.length === 0) out("No migrations to revert.");
      for (const f of reverted) out(`Reverted ${f}`);
      return 0;
    }
    case "create": {
      if (!arg) {
        out("Error: missing migration file name");
        return 1;
      }
      return write(dir, migrationFileName(arg), blankMigration(typesPath), out);
    }
    case "collections":
      return write(dir, migrationFileName("collections_snapshot"), collectionsSnapshot(typesPath, await app.collections.all()), out);
    case "history-sync": {
      await runner.historySync();
      out("The _migrations table was synced with the available migrations.");
      return 0;
    }
    default:
      out(`Error: unsupported command "${sub}"\n\n${MIGRATE_HELP}`);
      return 1;
  }
}

function write(dir: string, name: string, text: string, out: (s: string) => void): number {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(file, text, { flag: "wx" });
  out(`Successfully created file "${file}"`);
  return 0;
}
