import { newId } from "../tools/random.js";
import { nowString } from "../tools/time.js";
import type { Queryable } from "./types.js";

/** A link between an auth record and an OAuth2 account (`_externalAuths`), as the API shows it. */
export interface ExternalAuth {
  id: string;
  created: string;
  updated: string;
  collectionId: string;
  recordId: string;
  provider: string;
  providerId: string;
}

const COLUMNS = '"id", "created", "updated", "collectionId", "recordId", "provider", "providerId"';

/** SQL access to `_externalAuths`; every method runs on the `Db` or `Tx` it is given. */
export const externalAuthsRepo = {
  /** The record linked to a provider account in a collection, if any. */
  findByProviderId(db: Queryable, collectionId: string, provider: string, providerId: string): Promise<ExternalAuth | undefined> {
    return db.get<ExternalAuth>(`SELECT ${COLUMNS} FROM "_externalAuths" WHERE "collectionId" = ? AND "provider" = ? AND "providerId" = ? LIMIT 1`, [
      collectionId, provider, providerId,
    ]);
  },

  /** A record's links, oldest first (the reference's order; ties in storage order). */
  listForRecord(db: Queryable, collectionId: string, recordId: string): Promise<ExternalAuth[]> {
    return db.all<ExternalAuth>(`SELECT ${COLUMNS} FROM "_externalAuths" WHERE "collectionId" = ? AND "recordId" = ? ORDER BY "created" ASC, ${db.db.dialect.rowid('"_externalAuths"')} ASC`, [
      collectionId, recordId,
    ]);
  },

  async insert(db: Queryable, collectionId: string, recordId: string, provider: string, providerId: string): Promise<ExternalAuth> {
    const now = nowString();
    const row: ExternalAuth = { id: newId(), created: now, updated: now, collectionId, recordId, provider, providerId };
    await db.run(`INSERT INTO "_externalAuths" (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`, [
      row.id, row.created, row.updated, row.collectionId, row.recordId, row.provider, row.providerId,
    ]);
    return row;
  },

  /** Removes one provider link of a record; false when there was none. */
  async deleteProvider(db: Queryable, collectionId: string, recordId: string, provider: string): Promise<boolean> {
    return (await db.run('DELETE FROM "_externalAuths" WHERE "collectionId" = ? AND "recordId" = ? AND "provider" = ?', [collectionId, recordId, provider])).changes > 0;
  },

  /** Removes every link of a record (deleted records, or links made before its email was proven). */
  async deleteForRecord(db: Queryable, collectionId: string, recordId: string): Promise<number> {
    return (await db.run('DELETE FROM "_externalAuths" WHERE "collectionId" = ? AND "recordId" = ?', [collectionId, recordId])).changes;
  },
};
