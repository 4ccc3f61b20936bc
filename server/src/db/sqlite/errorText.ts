import Database from "better-sqlite3";

const PRIMARY_CODES: Record<string, [number, string]> = {
  SQLITE_ERROR: [1, "SQL logic error"],
  SQLITE_INTERNAL: [2, "internal logic error"],
  SQLITE_PERM: [3, "access permission denied"],
  SQLITE_ABORT: [4, "query aborted"],
  SQLITE_BUSY: [5, "database is locked"],
  SQLITE_LOCKED: [6, "database table is locked"],
  SQLITE_NOMEM: [7, "out of memory"],
  SQLITE_READONLY: [8, "attempt to write a readonly database"],
  SQLITE_INTERRUPT: [9, "interrupted"],
  SQLITE_IOERR: [10, "disk I/O error"],
  SQLITE_CORRUPT: [11, "database disk image is malformed"],
  SQLITE_NOTFOUND: [12, "unknown operation"],
  SQLITE_FULL: [13, "database or disk is full"],
  SQLITE_CANTOPEN: [14, "unable to open database file"],
  SQLITE_PROTOCOL: [15, "locking protocol"],
  SQLITE_SCHEMA: [17, "database schema has changed"],
  SQLITE_TOOBIG: [18, "string or blob too big"],
  SQLITE_CONSTRAINT: [19, "constraint failed"],
  SQLITE_MISMATCH: [20, "datatype mismatch"],
  SQLITE_MISUSE: [21, "bad parameter or other API misuse"],
  SQLITE_RANGE: [25, "column index out of range"],
  SQLITE_NOTADB: [26, "file is not a database"],
};

const EXTENDED_CODES: Record<string, number> = {
  SQLITE_CONSTRAINT_CHECK: 275,
  SQLITE_CONSTRAINT_FOREIGNKEY: 787,
  SQLITE_CONSTRAINT_NOTNULL: 1299,
  SQLITE_CONSTRAINT_PRIMARYKEY: 1555,
  SQLITE_CONSTRAINT_TRIGGER: 1811,
  SQLITE_CONSTRAINT_UNIQUE: 2067,
  SQLITE_CONSTRAINT_ROWID: 2579,
  SQLITE_CONSTRAINT_DATATYPE: 3091,
};

/**
 * An SQLite error as the reference's driver words it: "SQL logic error: no such column: x (1)".
 * Other errors give their message.
 */
export function sqlErrorText(err: unknown): string {
  if (!(err instanceof Database.SqliteError)) return err instanceof Error ? err.message : String(err);
  const code = err.code;
  const primaryName = Object.keys(PRIMARY_CODES).find((p) => code === p || code.startsWith(p + "_")) ?? "SQLITE_ERROR";
  const [primary, text] = PRIMARY_CODES[primaryName];
  const num = EXTENDED_CODES[code] ?? primary;
  return err.message === text ? `${text} (${num})` : `${text}: ${err.message} (${num})`;
}
