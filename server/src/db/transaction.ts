import type { Db, Tx } from "./types.js";

/**
 * fn in the caller's transaction when it has one (a batch running many writes as one),
 * else in a transaction of its own.
 */
export function withTx<T>(db: Db, tx: Tx | undefined, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return tx?.inTransaction ? fn(tx) : db.transaction(fn);
}
