import type { Queryable } from "./types.js";

/** An authenticator-app factor (`_totps`) of a record or an admin. */
export interface TotpRow {
  id: string;
  collectionId: string;
  recordId: string;
  /** The base32 secret as stored (sealed with the encryption key when one is set). */
  secret: string;
  /** JSON list of the unused recovery codes' hashes. */
  recoveryCodes: string;
  /** False between setup and the first confirmed code. */
  active: boolean;
  /** The last time step a code was accepted for (a code is good once). */
  lastStep: number;
  created: string;
  updated: string;
}

const COLUMNS = ["id", "collectionId", "recordId", "secret", "recoveryCodes", "active", "lastStep", "created", "updated"] as const;

const fromRow = (r: Record<string, unknown>): TotpRow => ({
  ...(r as unknown as TotpRow),
  active: r.active === true || Number(r.active) === 1,
  lastStep: Number(r.lastStep),
});

/** SQL access to `_totps`; every method runs on the `Db` or `Tx` it is given. */
export const totpsRepo = {
  async find(db: Queryable, collectionId: string, recordId: string): Promise<TotpRow | undefined> {
    const row = await db.get(`SELECT ${COLUMNS.map((c) => `"${c}"`).join(", ")} FROM "_totps" WHERE "collectionId" = ? AND "recordId" = ?`, [collectionId, recordId]);
    return row ? fromRow(row) : undefined;
  },

  /** Which of these records have an active factor (for the `totp` flag of record answers). */
  async activeAmong(db: Queryable, collectionId: string, recordIds: readonly string[]): Promise<Set<string>> {
    if (recordIds.length === 0) return new Set();
    const rows = await db.all<{ recordId: string }>(
      `SELECT "recordId" FROM "_totps" WHERE "collectionId" = ? AND "active" = TRUE AND "recordId" IN (${recordIds.map(() => "?").join(", ")})`,
      [collectionId, ...recordIds],
    );
    return new Set(rows.map((r) => r.recordId));
  },

  /**
   * Starts a new, inactive factor for the record, replacing any earlier one (a new setup starts
   * over). Booleans are written as literals: SQLite binds no booleans, PostgreSQL no 0/1 for them.
   */
  async replace(db: Queryable, row: Omit<TotpRow, "active" | "lastStep">): Promise<void> {
    await db.run(`DELETE FROM "_totps" WHERE "collectionId" = ? AND "recordId" = ?`, [row.collectionId, row.recordId]);
    await db.run(
      `INSERT INTO "_totps" ("id", "collectionId", "recordId", "secret", "recoveryCodes", "active", "lastStep", "created", "updated") VALUES (?, ?, ?, ?, ?, FALSE, 0, ?, ?)`,
      [row.id, row.collectionId, row.recordId, row.secret, row.recoveryCodes, row.created, row.updated],
    );
  },

  /**
   * Records an accepted code's step (and activates the factor), only when the step is newer
   * than the last one: false when another request used this step or a later one first.
   */
  async useStep(db: Queryable, id: string, step: number, now: string): Promise<boolean> {
    const res = await db.run(`UPDATE "_totps" SET "lastStep" = ?, "active" = TRUE, "updated" = ? WHERE "id" = ? AND "lastStep" < ?`, [step, now, id, step]);
    return res.changes > 0;
  },

  /** Stores the recovery codes left, only when they are still `expected` (a recovery code is good once). */
  async setRecoveryCodes(db: Queryable, id: string, expected: string, next: string, now: string): Promise<boolean> {
    const res = await db.run(`UPDATE "_totps" SET "recoveryCodes" = ?, "updated" = ? WHERE "id" = ? AND "recoveryCodes" = ?`, [next, now, id, expected]);
    return res.changes > 0;
  },

  async delete(db: Queryable, collectionId: string, recordId: string): Promise<boolean> {
    return (await db.run(`DELETE FROM "_totps" WHERE "collectionId" = ? AND "recordId" = ?`, [collectionId, recordId])).changes > 0;
  },
};
