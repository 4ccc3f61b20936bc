import type { Tx } from "../types.js";
import { installIdempotentSchema, PG_SYSTEM_TABLES } from "../postgres/systemSchema.js";
import { LOGS_TABLE, SYSTEM_TABLES } from "./tables.js";

const q = (name: string) => '"' + name.replace(/"/g, '""') + '"';

/** A table or view of the database's schema, or null when it has none (a copy's target must be empty). */
export async function firstRelation(tx: Tx): Promise<string | null> {
  const row = await tx.get<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name LIMIT 1",
  );
  return row?.name ?? null;
}

/** Cairn's own tables besides the collections' (the cluster's are not among them). */
const SYSTEM = ["_migrations", ...SYSTEM_TABLES, LOGS_TABLE];

/**
 * Drops Cairn's data from the database (a restore into it): the collections' views and tables
 * (with what depends on them) and the system tables; the cluster's own tables and anything else
 * in the schema stay. In the caller's transaction, so readers see the old data until the new is
 * committed.
 */
export async function dropCairnTables(tx: Tx): Promise<void> {
  const rels = new Map(
    (
      await tx.all<{ name: string; kind: string }>(
        `SELECT c.relname AS name, c.relkind AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v')`,
      )
    ).map((r) => [r.name, r.kind]),
  );
  const collections = rels.has("_collections") ? await tx.all<{ name: string; type: string }>(`SELECT "name", "type" FROM "_collections"`) : [];
  const views = collections.filter((c) => c.type === "view").map((c) => c.name);
  const tables = [...collections.filter((c) => c.type !== "view").map((c) => c.name), ...SYSTEM];
  for (const name of views) if (rels.get(name) === "v") await tx.run(`DROP VIEW IF EXISTS ${q(name)} CASCADE`);
  for (const name of tables) if (rels.has(name) && rels.get(name) !== "v") await tx.run(`DROP TABLE IF EXISTS ${q(name)} CASCADE`);
}

/** Cairn's system tables, without rows, as a new database gets them (postgres/systemSchema.ts). */
export async function createPgSystemSchema(tx: Tx): Promise<void> {
  for (const sql of PG_SYSTEM_TABLES) await tx.run(sql);
  await installIdempotentSchema(tx);
}
