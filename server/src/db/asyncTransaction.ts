import type { DB } from "./connection.js";

/**
 * A transaction that spans awaits (a batch whose sub-requests hash passwords off the event
 * loop). The connection is shared, so the caller must hold every other writer off while it
 * runs (batch/gate.ts); `transaction()` calls made inside become savepoints.
 * Commits when fn resolves, rolls back when it throws.
 */
export async function asyncTransaction<T>(db: DB, fn: () => Promise<T>): Promise<T> {
  db.exec("BEGIN IMMEDIATE");
  let result: T;
  try {
    result = await fn();
  } catch (err) {
    if (db.inTransaction) db.exec("ROLLBACK");
    throw err;
  }
  db.exec("COMMIT");
  return result;
}
