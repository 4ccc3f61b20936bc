import { collectionsRepo } from "../../src/db/collections.js";
import { createPgPool, PgDb } from "../../src/db/postgres/database.js";
import { installQueryFunctions } from "../../src/db/postgres/functions.js";
import { PG_AUTH_COLUMNS, PG_BASE_COLUMNS, PG_COLUMN, postgresSchemaEditor } from "../../src/db/postgres/schemaEditor.js";
import type { Db } from "../../src/db/types.js";
import { columnKind } from "../../src/fields/index.js";
import { freshDatabase } from "./postgres.js";

/**
 * A PostgreSQL copy of a SQLite Db's record tables, for differential tests of the query
 * builders: the collections read from `_collections` (or given), each base and auth collection's
 * table made by the PostgreSQL schema editor and its rows copied in rowid order (so `_rowid`
 * follows SQLite's insertion order), views made from their query as written (plain SQL only).
 * Values go over as SQLite holds them (0/1 read as booleans by PostgreSQL).
 */
export async function mirrorToPostgres(lite: Db): Promise<PgDb> {
  const pg = new PgDb(createPgPool(await freshDatabase(), { size: 4 }));
  await installQueryFunctions(pg);
  const collections = (await collectionsRepo.snapshot(lite)).all;
  await pg.transaction(async (tx) => {
    for (const c of collections) {
      if (c.type === "view") continue;
      const columns: Record<string, string> = { ...PG_BASE_COLUMNS, ...(c.type === "auth" ? PG_AUTH_COLUMNS : {}) };
      for (const f of c.schema) columns[f.name] = PG_COLUMN[columnKind(f)];
      await postgresSchemaEditor.createTable(tx, c.name, columns);
      const rows = await lite.all<Record<string, unknown>>(`SELECT * FROM \`${c.name}\` ORDER BY rowid`);
      for (const row of rows) {
        const cols = Object.keys(row).filter((k) => k in columns);
        await tx.run(`INSERT INTO "${c.name}" (${cols.map((k) => `"${k}"`).join(", ")}) VALUES (${cols.map(() => "?").join(", ")})`, cols.map((k) => row[k]));
      }
    }
    for (const c of collections) {
      const query = (c.options as { query?: string }).query;
      if (c.type === "view" && query) await postgresSchemaEditor.replaceView(tx, c.name, query);
    }
  });
  return pg;
}
