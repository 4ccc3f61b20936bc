import { sqliteDialect } from "./sqlite/dialect.js";

/**
 * Identifier quoting for statement builders that do not yet take a `Dialect` (SQLite's
 * backquotes, which PocketBase v0.22 writes into its schema).
 */
export const quoteIdent = sqliteDialect.quote;
