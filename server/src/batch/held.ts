import type { Tx } from "../db/types.js";
import type { RecordFiles } from "../records/service.js";

/** A step a batch runs once it has committed (a file write, an event). */
export type Effect = () => unknown;

/** The uploads storage with every write queued until the batch commits (nothing to undo on a rollback). */
export function heldFiles(files: RecordFiles, effects: Effect[]): RecordFiles {
  return {
    store: async (...args) => void effects.push(() => files.store(...args)),
    delete: async (...args) => void effects.push(() => files.delete(...args)),
    deleteRecord: async (...args) => void effects.push(() => files.deleteRecord(...args)),
  };
}

/**
 * The batch's transaction with its after-commit steps (the records service's events) queued
 * among the file writes, so each event goes out after the files its request stored.
 */
export function heldHooks(tx: Tx, effects: Effect[]): Tx {
  const held: Tx = {
    db: tx.db,
    inTransaction: tx.inTransaction,
    all: <T>(sql: string, params?: readonly unknown[]) => tx.all<T>(sql, params),
    get: <T>(sql: string, params?: readonly unknown[]) => tx.get<T>(sql, params),
    run: (sql, params) => tx.run(sql, params),
    exec: (sql) => tx.exec(sql),
    afterCommit: (fn) => void effects.push(fn),
    // A savepoint that fails drops what it queued, as the transaction drops its hooks.
    savepoint: async <T>(fn: (tx: Tx) => Promise<T>) => {
      const queued = effects.length;
      try {
        return await tx.savepoint(() => fn(held));
      } catch (err) {
        effects.length = queued;
        throw err;
      }
    },
  };
  return held;
}
