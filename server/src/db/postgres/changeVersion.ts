import type { Queryable } from "../types.js";

/** Tables whose committed changes `Db.changeVersion()` reports (what the caches keep). */
export const VERSIONED_TABLES = ["_collections", "_params", "_admins"] as const;

/**
 * The change counter: a one-row table that a statement trigger on each versioned table bumps.
 * A row, not a sequence: a sequence moves when the statement runs, before its transaction
 * commits, so a node could read the new number with the old rows and keep them; the row moves
 * with the commit that changed them, for every node at once.
 */
export function changeVersionDdl(): string {
  const triggers = VERSIONED_TABLES.map(
    (t) =>
      `CREATE OR REPLACE TRIGGER "cairn_change_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${t}" ` +
      "FOR EACH STATEMENT EXECUTE FUNCTION cairn_bump_change_version();",
  );
  return [
    `CREATE TABLE IF NOT EXISTS "_changeVersion" ("version" BIGINT NOT NULL);`,
    `INSERT INTO "_changeVersion" ("version") SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM "_changeVersion");`,
    `CREATE OR REPLACE FUNCTION cairn_bump_change_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE "_changeVersion" SET "version" = "version" + 1; RETURN NULL; END $$;`,
    ...triggers,
  ].join("\n");
}

export async function readChangeVersion(q: Queryable): Promise<number> {
  return (await q.get<{ version: number }>(`SELECT "version" FROM "_changeVersion"`))?.version ?? 0;
}
