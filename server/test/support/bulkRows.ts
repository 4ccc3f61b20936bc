import Database from "better-sqlite3";
import path from "node:path";
import { copyDataDir } from "./dataDirs.js";

/**
 * A copy of the data directory `base` with `count` rows written straight into its data.db by
 * `sql` (an INSERT), the i-th row's values from `values(i)`: big tables in a moment.
 */
export function dataDirWithRows(base: string, sql: string, count: number, values: (i: number) => unknown[]): string {
  const dir = copyDataDir(base);
  const db = new Database(path.join(dir, "data.db"));
  try {
    const insert = db.prepare(sql);
    db.transaction(() => {
      for (let i = 0; i < count; i++) insert.run(...values(i));
    })();
  } finally {
    db.close();
  }
  return dir;
}
