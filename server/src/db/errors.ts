import Database from "better-sqlite3";

/** The dialect's error classification: domain code asks these instead of importing the driver. */

/** Whether the database refused a statement (bad SQL, a missing column, a constraint, ...). */
export const isSqlError = (err: unknown): err is Error => err instanceof Database.SqliteError;

/** The columns a unique index refused a write on; null when err is no unique violation. */
export function uniqueViolationColumns(err: unknown): string[] | null {
  if (!(err instanceof Database.SqliteError) || err.code !== "SQLITE_CONSTRAINT_UNIQUE") return null;
  const cols = /UNIQUE constraint failed: (.*)$/.exec(err.message)?.[1] ?? "";
  return cols
    .split(",")
    .map((part) => part.trim().split(".").pop() ?? "")
    .filter((col) => col !== "");
}
