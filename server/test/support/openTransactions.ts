import type { Db } from "../../src/db/types.js";

/**
 * Counts the transactions open on a database from now on (its `transaction` wrapped): how a
 * test sees a batch's or import's transaction running, or checks that an event came after the
 * commit. Returns the current count.
 */
export function watchTransactions(db: Db): () => number {
  let open = 0;
  const transaction = db.transaction.bind(db);
  (db as { transaction: Db["transaction"] }).transaction = (fn) =>
    transaction(async (tx) => {
      open++;
      try {
        return await fn(tx);
      } finally {
        open--;
      }
    });
  return () => open;
}
