import { sqliteDialect } from "./sqlite/dialect.js";

/**
 * The dialect's error classification for code that has no `Db` at hand (the HTTP error
 * mapper): SQLite's, the only engine whose errors reach it today.
 */
export const isSqlError = sqliteDialect.isSqlError;
export const uniqueViolationColumns = sqliteDialect.uniqueViolationColumns;
