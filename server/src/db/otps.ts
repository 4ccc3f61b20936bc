import type { Queryable } from "./types.js";

/** An email one-time code (`_otps`): its hash only, never the code. */
export interface OtpRow {
  id: string;
  collectionId: string;
  recordId: string;
  /** The address the code was mailed to (an OTP sign-in proves it). */
  sentTo: string;
  codeHash: string;
  /** Wrong codes tried so far. */
  attempts: number;
  created: string;
  updated: string;
}

const COLUMNS = ["id", "collectionId", "recordId", "sentTo", "codeHash", "attempts", "created", "updated"] as const;

/** SQL access to `_otps`; every method runs on the `Db` or `Tx` it is given. */
export const otpsRepo = {
  async findById(db: Queryable, id: string): Promise<OtpRow | undefined> {
    const row = await db.get<OtpRow>(`SELECT ${COLUMNS.map((c) => `"${c}"`).join(", ")} FROM "_otps" WHERE "id" = ?`, [id]);
    return row ? { ...row, attempts: Number(row.attempts) } : undefined;
  },

  async insert(db: Queryable, row: OtpRow): Promise<void> {
    await db.run(`INSERT INTO "_otps" (${COLUMNS.map((c) => `"${c}"`).join(", ")}) VALUES (${COLUMNS.map(() => "?").join(", ")})`, COLUMNS.map((c) => row[c]));
  },

  /** Counts one wrong code; the new count, or null when the code is gone. */
  async addAttempt(db: Queryable, id: string, now: string): Promise<number | null> {
    const res = await db.run(`UPDATE "_otps" SET "attempts" = "attempts" + 1, "updated" = ? WHERE "id" = ?`, [now, id]);
    if (res.changes === 0) return null;
    const row = await db.get<{ attempts: number }>(`SELECT "attempts" FROM "_otps" WHERE "id" = ?`, [id]);
    return row ? Number(row.attempts) : null;
  },

  /** Removes a code; false when it was already gone (used or burnt by a concurrent request). */
  async delete(db: Queryable, id: string): Promise<boolean> {
    return (await db.run(`DELETE FROM "_otps" WHERE "id" = ?`, [id])).changes > 0;
  },

  /** Removes codes created before `before` (expired ones; their duration is per collection, so the caller picks the bound). */
  async deleteCreatedBefore(db: Queryable, before: string): Promise<number> {
    return (await db.run(`DELETE FROM "_otps" WHERE "created" < ?`, [before])).changes;
  },

  async deleteForRecord(db: Queryable, collectionId: string, recordId: string): Promise<number> {
    return (await db.run(`DELETE FROM "_otps" WHERE "collectionId" = ? AND "recordId" = ?`, [collectionId, recordId])).changes;
  },
};
