import type { AdminRow } from "../models/admin.js";
import type { Queryable } from "./types.js";

const COLUMNS = ["id", "avatar", "email", "tokenKey", "passwordHash", "lastResetSentAt", "created", "updated"] as const;
const values = (a: AdminRow) => COLUMNS.map((c) => a[c]);

/** SQL access to `_admins`; every method runs on the `Db` or `Tx` it is given. Identifiers double-quoted: PostgreSQL folds bare ones to lower case. */
export const adminsRepo = {
  findById(db: Queryable, id: string): Promise<AdminRow | undefined> {
    return db.get<AdminRow>('SELECT * FROM "_admins" WHERE "id" = ?', [id]);
  },

  findByEmail(db: Queryable, email: string): Promise<AdminRow | undefined> {
    return db.get<AdminRow>('SELECT * FROM "_admins" WHERE "email" = ?', [email]);
  },

  async count(db: Queryable): Promise<number> {
    return Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM "_admins"'))!.n);
  },

  async insert(db: Queryable, a: AdminRow): Promise<void> {
    await db.run(`INSERT INTO "_admins" (${COLUMNS.map((c) => `"${c}"`).join(", ")}) VALUES (${COLUMNS.map(() => "?").join(", ")})`, values(a));
  },

  async update(db: Queryable, a: AdminRow): Promise<void> {
    await db.run(
      'UPDATE "_admins" SET "avatar" = ?, "email" = ?, "tokenKey" = ?, "passwordHash" = ?, "lastResetSentAt" = ?, "updated" = ? WHERE "id" = ?',
      [a.avatar, a.email, a.tokenKey, a.passwordHash, a.lastResetSentAt, a.updated, a.id],
    );
  },

  async delete(db: Queryable, id: string): Promise<void> {
    await db.run('DELETE FROM "_admins" WHERE "id" = ?', [id]);
  },
};
