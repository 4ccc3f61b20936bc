import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Db, Tx } from "../db/types.js";
import { migrationsLog } from "../db/migrationsLog.js";
import { DATA_MIGRATIONS } from "../db/systemSchema.js";
import { runInVm } from "./bridge.js";
import { migrationHost, type MigrationServices } from "./host.js";

export interface MigrationRunnerOptions {
  /** The migrations directory (`pb_migrations`); missing: no migrations. */
  dir: string;
  db: Db;
  services: MigrationServices;
}

/** A migration file failed; nothing of it was kept. */
export class MigrationFailed extends Error {}

/**
 * Applies and reverts the JS migration files of a directory as PocketBase does: `.js` files in
 * file-name order, each with its `_migrations` row (the file's name, the time in microseconds), so a
 * data directory migrated by either server is not migrated again by the other. As the reference's,
 * a run (`up`, `down N`) is one transaction: a failing file stops it and nothing of the run is kept.
 */
export class MigrationRunner {
  constructor(private readonly opts: MigrationRunnerOptions) {}

  /** The migration files of the directory, in the order they apply. */
  files(): string[] {
    let names: string[];
    try {
      names = readdirSync(this.opts.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw err;
    }
    return names.filter((n) => n.endsWith(".js")).sort();
  }

  async pending(): Promise<string[]> {
    const applied = new Set(await migrationsLog.newestFirst(this.opts.db));
    return this.files().filter((f) => !applied.has(f));
  }

  /** Applies every pending file; returns their names. */
  async up(): Promise<string[]> {
    return this.opts.db.transaction(async (tx) => {
      // Read inside the transaction: another node sharing the database may have applied some meanwhile.
      const applied = new Set(await migrationsLog.newestFirst(tx));
      const pending = this.files().filter((f) => !applied.has(f));
      for (const file of pending) {
        await this.run(tx, file, "up");
        await migrationsLog.record(tx, file);
      }
      return pending;
    });
  }

  /** Reverts the last `count` applied files of the directory, newest first; returns their names. */
  async down(count = 1): Promise<string[]> {
    const known = new Set(this.files());
    return this.opts.db.transaction(async (tx) => {
      const last = (await migrationsLog.newestFirst(tx)).filter((f) => known.has(f)).slice(0, Math.max(0, count));
      for (const file of last) {
        await this.run(tx, file, "down");
        await migrationsLog.forget(tx, file);
      }
      return last;
    });
  }

  /** Forgets applied files that are no longer in the directory (the system schema's names stay). */
  async historySync(): Promise<string[]> {
    const keep = new Set([...this.files(), ...DATA_MIGRATIONS]);
    const gone = (await migrationsLog.newestFirst(this.opts.db)).filter((f) => !keep.has(f));
    if (gone.length) await this.opts.db.transaction(async (tx) => {
      for (const f of gone) await migrationsLog.forget(tx, f);
    });
    return gone;
  }

  private async run(tx: Tx, file: string, direction: "up" | "down"): Promise<void> {
    const source = readFileSync(path.join(this.opts.dir, file), "utf8");
    try {
      await runInVm({ source, filename: file, direction }, migrationHost(tx, this.opts.services));
    } catch (err) {
      const verb = direction === "up" ? "apply" : "revert";
      throw new MigrationFailed(`Failed to ${verb} migration ${file}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
