import { cachedStatement, type DB } from "./connection.js";
import { quoteIdent } from "./dialect.js";

/** The row of the auth record with this exact email in an auth collection's table. */
export function findAuthRowByEmail(db: DB, table: string, email: string): Record<string, unknown> | undefined {
  return cachedStatement(db, `SELECT * FROM ${quoteIdent(table)} WHERE ${quoteIdent("email")} = ? LIMIT 1`).get(email) as Record<string, unknown> | undefined;
}
