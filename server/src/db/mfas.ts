import type { Queryable } from "./types.js";

/** A sign-in half done (`_mfas`): the first method passed, a different second one still due. */
export interface MfaRow {
  id: string;
  collectionId: string;
  recordId: string;
  /** The first method: password, oauth2, otp or totp. */
  method: string;
  created: string;
  updated: string;
}

const COLUMNS = ["id", "collectionId", "recordId", "method", "created", "updated"] as const;

/** SQL access to `_mfas`; every method runs on the `Db` or `Tx` it is given. */
export const mfasRepo = {
  findById(db: Queryable, id: string): Promise<MfaRow | undefined> {
    return db.get<MfaRow>(`SELECT ${COLUMNS.map((c) => `"${c}"`).join(", ")} FROM "_mfas" WHERE "id" = ?`, [id]);
  },

  async insert(db: Queryable, row: MfaRow): Promise<void> {
    await db.run(`INSERT INTO "_mfas" (${COLUMNS.map((c) => `"${c}"`).join(", ")}) VALUES (${COLUMNS.map(() => "?").join(", ")})`, COLUMNS.map((c) => row[c]));
  },

  /** Removes a session; false when another request used it first. */
  async delete(db: Queryable, id: string): Promise<boolean> {
    return (await db.run(`DELETE FROM "_mfas" WHERE "id" = ?`, [id])).changes > 0;
  },

  async deleteForRecord(db: Queryable, collectionId: string, recordId: string): Promise<number> {
    return (await db.run(`DELETE FROM "_mfas" WHERE "collectionId" = ? AND "recordId" = ?`, [collectionId, recordId])).changes;
  },
};
