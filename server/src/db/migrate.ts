import { transaction, type DB } from "./connection.js";
import {
  DATA_MIGRATIONS, DATA_TABLES, LOGS_MIGRATIONS, LOGS_TABLES, MIGRATIONS_TABLE, SIGN_IN_TABLES, USERS_COLLECTION, USERS_TABLE,
} from "./systemSchema.js";
import { newId } from "../tools/random.js";
import { nowString } from "../tools/time.js";

export class MigrationError extends Error {}

function appliedMigrations(db: DB): Set<string> {
  db.exec(MIGRATIONS_TABLE);
  return new Set((db.prepare("SELECT file FROM _migrations").all() as { file: string }[]).map((r) => r.file));
}

function recordMigrations(db: DB, names: readonly string[]): void {
  // The reference stores the apply time in microseconds.
  const insert = db.prepare("INSERT INTO _migrations (file, applied) VALUES (?, ?)");
  const applied = Date.now() * 1000;
  names.forEach((name, i) => insert.run(name, applied + i));
}

/**
 * Brings a database to the system schema. A brand-new file gets the final schema in one
 * step and every reference migration name recorded; a file made by the reference (all
 * names present) is left as is. A file with only some names was made by an older
 * PocketBase, whose data migrations Cairn does not replay.
 */
function migrate(db: DB, names: readonly string[], create: () => void, kind: string): void {
  const applied = appliedMigrations(db);
  const missing = names.filter((n) => !applied.has(n));
  if (missing.length === 0) return;
  if (applied.size > 0) {
    throw new MigrationError(
      `${kind} was created by an older PocketBase (missing migrations: ${missing.join(", ")}); ` +
        "open it once with PocketBase v0.22 to upgrade it.",
    );
  }
  transaction(db, () => {
    create();
    recordMigrations(db, names);
  });
}

/** Creates or updates data.db; a new one starts with initialSettings() (the app passes settings/defaults.ts, above db/). */
export function migrateDataDb(db: DB, initialSettings: () => object): void {
  migrate(db, DATA_MIGRATIONS, () => {
    for (const sql of DATA_TABLES) db.exec(sql);
    for (const sql of USERS_TABLE) db.exec(sql);
    const now = nowString();
    const c = USERS_COLLECTION;
    db.prepare(
      "INSERT INTO _collections (id, system, type, name, schema, indexes, listRule, viewRule, createRule, updateRule, deleteRule, options, created, updated) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
    ).run(c.id, 0, c.type, c.name, JSON.stringify(c.schema), JSON.stringify(c.indexes), c.listRule, c.viewRule,
      c.createRule, c.updateRule, c.deleteRule, JSON.stringify(c.options), now, now);
    db.prepare("INSERT INTO _params (id, key, value, created, updated) VALUES (?, ?, ?, ?, ?)").run(newId(), "settings", JSON.stringify(initialSettings()), now, now);
  }, "data.db");
  // Cairn's sign-in tables, on new and existing files alike (systemSchema.ts).
  transaction(db, () => {
    for (const sql of SIGN_IN_TABLES) db.exec(sql);
  });
}

export function migrateLogsDb(db: DB): void {
  migrate(db, LOGS_MIGRATIONS, () => {
    for (const sql of LOGS_TABLES) db.exec(sql);
  }, "logs.db");
}
