import { SIGN_IN_TABLES } from "../systemSchema.js";
import type { Tx } from "../types.js";
import { changeVersionDdl } from "../postgres/changeVersion.js";
import { installQueryFunctions } from "../postgres/functions.js";
import { PG_SYSTEM_TABLES } from "../postgres/systemSchema.js";
import { CLUSTER_TABLES } from "./tables.js";

const q = (name: string) => '"' + name.replace(/"/g, '""') + '"';

/** A table or view of the database's schema, or null when it has none (a copy's target must be empty). */
export async function firstRelation(tx: Tx): Promise<string | null> {
  const row = await tx.get<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name LIMIT 1",
  );
  return row?.name ?? null;
}

/**
 * Drops Cairn's data from the database (a restore into it): every view and table of its schema
 * but the cluster's own (CLUSTER_TABLES). In the caller's transaction, so readers see the old
 * data until the new is committed.
 */
export async function dropCairnTables(tx: Tx): Promise<void> {
  const rels = await tx.all<{ name: string; kind: string }>(
    `SELECT c.relname AS name, c.relkind AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm') ORDER BY c.relname`,
  );
  const keep = new Set(CLUSTER_TABLES);
  for (const r of rels.filter((r) => r.kind === "v" || r.kind === "m")) {
    await tx.run(`DROP ${r.kind === "m" ? "MATERIALIZED VIEW" : "VIEW"} IF EXISTS ${q(r.name)} CASCADE`);
  }
  for (const r of rels.filter((r) => (r.kind === "r" || r.kind === "p") && !keep.has(r.name))) {
    await tx.run(`DROP TABLE IF EXISTS ${q(r.name)} CASCADE`);
  }
}

/** Cairn's system tables, without rows, as a new database gets them (postgres/systemSchema.ts). */
export async function createPgSystemSchema(tx: Tx): Promise<void> {
  for (const sql of PG_SYSTEM_TABLES) await tx.run(sql);
  await tx.exec(changeVersionDdl());
  for (const sql of SIGN_IN_TABLES) await tx.run(sql);
  await installQueryFunctions(tx);
}
