/** The `_admins` row. */
export interface AdminRow {
  id: string;
  avatar: number;
  email: string;
  tokenKey: string;
  passwordHash: string;
  lastResetSentAt: string;
  created: string;
  updated: string;
}

export type AdminModel = AdminRow;

/** The public JSON shape (no hash, no tokenKey), keys in the reference's order. */
export function adminJson(a: AdminRow) {
  return { id: a.id, created: a.created, updated: a.updated, avatar: a.avatar, email: a.email };
}

export const ADMIN_PASSWORD_MIN = 10;
export const ADMIN_PASSWORD_MAX = 72;
/** The fields the admins list lets you filter and sort on (as the reference: not avatar). */
export const ADMIN_COLUMNS = ["id", "created", "updated", "email"];
