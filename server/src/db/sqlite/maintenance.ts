import type { Db } from "../types.js";
import { SqliteDb } from "./database.js";

/** Gives the space of deleted rows back to the file system. */
export async function vacuumDb(db: Db): Promise<void> {
  if (db instanceof SqliteDb) await db.exclusive((conn) => conn.exec("VACUUM"));
}
