import { ddl, dqsToken, singleQuoteLiteral, tableInfo, viewIdAsTextSql, type ColumnInfo } from "./collectionsDdl.js";
import { splitTopLevel } from "./indexes.js";
import { trimChars } from "./sqlTokens.js";
import type { Tx } from "./types.js";
import { randomString } from "../tools/random.js";

/**
 * The SQL views of view collections: creating them the way the reference does and reading the
 * columns a view query yields. Every function takes a transaction's Tx (views are DDL); each
 * failed step is undone by its own savepoint, so the caller's transaction can go on.
 */

/** (Re)creates an SQL view over a query; refuses several statements and views that do not resolve. */
export async function saveView(tx: Tx, name: string, query: string): Promise<void> {
  await tx.savepoint(async (sp) => {
    await ddl.dropView(sp, name);
    const trimmed = trimChars(query.trim(), ";");
    const parts = splitTopLevel(trimmed, ";");
    if (parts && parts.length > 1) throw new Error("multiple statements are not supported");
    await createResolvingView(sp, name, trimmed);
  });
}

/**
 * Creates a view and checks that it resolves. SQLite here refuses double-quoted string
 * literals, which the reference's SQLite reads as strings when no column has that name:
 * such literals are rewritten as single-quoted ones, one at a time, as SQLite reports them.
 */
async function createResolvingView(tx: Tx, name: string, query: string): Promise<void> {
  let sql = query;
  for (let attempt = 0; ; attempt++) {
    try {
      await tx.savepoint(async (sp) => {
        await ddl.createView(sp, name, sql);
        await tableInfo(sp, name);
      });
      return;
    } catch (err) {
      const token = attempt < 100 ? dqsToken(err) : null;
      const rewritten = token === null ? sql : singleQuoteLiteral(sql, token);
      if (rewritten === sql) throw err;
      sql = rewritten;
    }
  }
}

/**
 * The columns a view query yields, read from a temporary view that is dropped again. Throws
 * the database's error when the query does not make a view.
 */
export async function viewQueryColumns(tx: Tx, query: string): Promise<ColumnInfo[]> {
  const temp = "_temp_" + randomString(5);
  return tx.savepoint(async (sp) => {
    await saveView(sp, temp, query);
    const columns = await tableInfo(sp, temp);
    await ddl.dropView(sp, temp);
    return columns;
  });
}

/**
 * Creates (or replaces) the SQL view of a view collection. A query whose id column is not
 * text is wrapped so that ids are always text, as the reference does.
 */
export async function createCollectionView(tx: Tx, name: string, query: string, columns: readonly ColumnInfo[]): Promise<void> {
  const id = columns.find((c) => c.name === "id");
  const sql = id && id.type.toUpperCase() === "TEXT" ? query : viewIdAsTextSql(query, columns.filter((c) => c.name !== "id").map((c) => c.name));
  await saveView(tx, name, sql);
}
