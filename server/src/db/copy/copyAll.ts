import type { Tx } from "../types.js";
import { copyTable } from "./copyTable.js";
import { LOGS_TABLE, SYSTEM_TABLES } from "./tables.js";
import type { CopyHooks, CopyResult, CopySource } from "./types.js";

/**
 * Copies everything a source holds into a target whose system tables exist and are empty: the
 * system rows, the collections' tables and views (made by the target engine's schema editor),
 * the records of each table in insertion order, and the logs (`logsTx`: logs.db, or the same
 * PostgreSQL transaction). A view the target cannot make keeps its collection and is named in
 * the warnings. A failing row names its table in the error.
 */
export async function copyAll(source: CopySource, tx: Tx, logsTx: Tx, hooks: CopyHooks): Promise<CopyResult> {
  const result: CopyResult = { rows: {}, warnings: [] };
  const counts = new Map<string, number>();
  const copy = async (target: Tx, table: string) => {
    try {
      result.rows[table] = await copyTable(source, target, table, counts.get(table) ?? 0, hooks.onProgress);
      // Planner statistics now, rather than whenever autovacuum gets to the new tables.
      if (result.rows[table] > 0 && target.db.dialect.name === "postgres") await target.exec(`ANALYZE ${target.db.dialect.quote(table)}`);
    } catch (err) {
      const e = new Error(`copying table "${table}" failed: ${(err as Error)?.message ?? err}`);
      throw Object.assign(e, { cause: err });
    }
  };
  const records = source.collections.filter((c) => c.type !== "view" && source.has(c.name)).map((c) => c.name);
  const tables = SYSTEM_TABLES.filter((t) => source.has(t));
  const logs = source.has(LOGS_TABLE) ? [LOGS_TABLE] : [];
  for (const t of [...tables, ...records, ...logs]) counts.set(t, await source.count(t));
  hooks.onTotal?.([...counts.values()].reduce((a, b) => a + b, 0));
  for (const table of tables) await copy(tx, table);
  const engine = tx.db.dialect.name === "postgres" ? "PostgreSQL" : "SQLite";
  const broken = await hooks.createCollectionsStorage(tx, source.collections);
  for (const name of broken) {
    result.warnings.push(`view collection "${name}" was copied without its SQL view: ${engine} cannot run its query (edit the query to fix it)`);
  }
  for (const table of records) await copy(tx, table);
  for (const table of logs) await copy(logsTx, table);
  return result;
}
