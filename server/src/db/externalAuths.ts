import { cachedStatement, type DB } from "./connection.js";
import { newId } from "../tools/random.js";
import { nowString } from "../tools/time.js";

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

const COLUMNS = "id, created, updated, collectionId, recordId, provider, providerId";

/** SQL access to `_externalAuths`. */
export class ExternalAuthsRepo {
  constructor(private readonly db: DB) {}

  /** The record linked to a provider account in a collection, if any. */
  findByProviderId(collectionId: string, provider: string, providerId: string): ExternalAuth | undefined {
    return cachedStatement(this.db, `SELECT ${COLUMNS} FROM _externalAuths WHERE collectionId = ? AND provider = ? AND providerId = ? LIMIT 1`).get(
      collectionId, provider, providerId,
    ) as ExternalAuth | undefined;
  }

  /** A record's links, oldest first (the reference's order). */
  listForRecord(collectionId: string, recordId: string): ExternalAuth[] {
    return cachedStatement(this.db, `SELECT ${COLUMNS} FROM _externalAuths WHERE collectionId = ? AND recordId = ? ORDER BY created ASC, rowid ASC`).all(
      collectionId, recordId,
    ) as ExternalAuth[];
  }

  insert(collectionId: string, recordId: string, provider: string, providerId: string): ExternalAuth {
    const now = nowString();
    const row: ExternalAuth = { id: newId(), created: now, updated: now, collectionId, recordId, provider, providerId };
    cachedStatement(this.db, `INSERT INTO _externalAuths (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`).run(
      row.id, row.created, row.updated, row.collectionId, row.recordId, row.provider, row.providerId,
    );
    return row;
  }

  /** Removes one provider link of a record; false when there was none. */
  deleteProvider(collectionId: string, recordId: string, provider: string): boolean {
    return cachedStatement(this.db, "DELETE FROM _externalAuths WHERE collectionId = ? AND recordId = ? AND provider = ?").run(collectionId, recordId, provider).changes > 0;
  }

  /** Removes every link of a record (deleted records, or links made before its email was proven). */
  deleteForRecord(collectionId: string, recordId: string): number {
    return cachedStatement(this.db, "DELETE FROM _externalAuths WHERE collectionId = ? AND recordId = ?").run(collectionId, recordId).changes;
  }
}
