import { splitTopLevel } from "./indexes.js";
import { trimChars } from "./sqlTokens.js";
import type { ColumnInfo, Tx } from "./types.js";
import { randomString } from "../tools/random.js";

/**
 * The SQL views of view collections: creating them the way the reference does and reading the
 * columns a view query yields, through the engine's schema editor (a view's query is the
 * engine's own SQL). Every function takes a transaction's Tx (views are DDL); each failed step
 * is undone by its own savepoint, so the caller's transaction can go on.
 */

/** (Re)creates an SQL view over a query; refuses several statements and views that do not resolve. */
export async function saveView(tx: Tx, name: string, query: string): Promise<void> {
  await tx.savepoint(async (sp) => {
    const trimmed = trimChars(query.trim(), ";");
    const parts = splitTopLevel(trimmed, ";");
    if (parts && parts.length > 1) throw new Error("multiple statements are not supported");
    await sp.db.dialect.schema.replaceView(sp, name, trimmed);
  });
}

/**
 * The columns a view query yields, read from a temporary view that is dropped again. Throws
 * the database's error when the query does not make a view.
 */
export async function viewQueryColumns(tx: Tx, query: string): Promise<ColumnInfo[]> {
  const temp = "_temp_" + randomString(5);
  return tx.savepoint(async (sp) => {
    await saveView(sp, temp, query);
    const columns = await sp.db.dialect.tableColumns(sp, temp);
    await sp.db.dialect.schema.dropView(sp, temp);
    return columns;
  });
}

/**
 * Creates (or replaces) the SQL view of a view collection. A query whose id column is not
 * text is wrapped so that ids are always text, as the reference does.
 */
export async function createCollectionView(tx: Tx, name: string, query: string, columns: readonly ColumnInfo[]): Promise<void> {
  const schema = tx.db.dialect.schema;
  const id = columns.find((c) => c.name === "id");
  const sql = id && schema.isTextType(id.type) ? query : schema.viewIdAsText(query, columns.filter((c) => c.name !== "id").map((c) => c.name));
  await saveView(tx, name, sql);
}
