import type { AdminModel } from "../../lib/authState";
import { email, MIN_ADMIN_PASSWORD_LENGTH, validateNewPassword } from "../../lib/validation";
import { normalizeSearchFilter } from "../logs/logFilter";

export const DEFAULT_ADMINS_SORT = "-created";
export const ADMIN_SORT_FIELDS = ["id", "email", "created", "updated"] as const;
export const ADMIN_SEARCH_FIELDS = ["id", "email", "created", "updated"] as const;
export const AVATARS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

export const ADMIN_CREATED = "Successfully created admin.";
export const ADMIN_UPDATED = "Successfully updated admin.";
export const ADMIN_DELETED = "Successfully deleted admin.";
export const CONFIRM_DELETE_ADMIN = "Do you really want to delete the selected admin?";
export const CONFIRM_CLOSE_UNSAVED = "You have unsaved changes. Do you really want to close the panel?";
export const NO_ADMINS_FOUND = "No admins found.";

/** The filter sent for the search box text (plain text matches id, email, created and updated). */
export function adminsFilter(text: string): string {
  return normalizeSearchFilter(text, ADMIN_SEARCH_FIELDS);
}

/** Clicking a column: ascending first, then descending, on the same column. */
export function nextSort(current: string, field: string): string {
  return current === field ? `-${field}` : field;
}

/** The sort from the address, falling back to -created for unknown values. */
export function readSort(raw: string | null): string {
  const v = (raw ?? "").trim();
  const field = v.replace(/^[-+]/, "");
  return (ADMIN_SORT_FIELDS as readonly string[]).includes(field) ? v.replace(/^\+/, "") : DEFAULT_ADMINS_SORT;
}

export interface AdminForm {
  email: string;
  avatar: number;
  changePassword: boolean;
  password: string;
  passwordConfirm: string;
}

export function adminForm(admin: AdminModel | null): AdminForm {
  return { email: admin?.email ?? "", avatar: admin?.avatar ?? 0, changePassword: false, password: "", passwordConfirm: "" };
}

/** Whether the password fields take part: always for a new admin, else when 'Change password' is on. */
export function withPassword(isNew: boolean, form: AdminForm): boolean {
  return isNew || form.changePassword;
}

/** Save is enabled with a new admin's email filled in, a changed email or avatar, or a password change. */
export function canSaveAdmin(original: AdminModel | null, form: AdminForm): boolean {
  if (!original) return form.email.trim() !== "";
  return form.email !== original.email || form.avatar !== (original.avatar ?? 0) || form.changePassword;
}

/** Any edit compared with the opened state (used for the close confirmation). */
export function hasAdminChanges(original: AdminModel | null, form: AdminForm): boolean {
  if (!original) return form.email !== "" || form.avatar !== 0 || form.password !== "" || form.passwordConfirm !== "";
  return form.email !== original.email || form.avatar !== (original.avatar ?? 0) || form.password !== "" || form.passwordConfirm !== "";
}

/** Email required and valid; passwords required, at least 10 characters and equal when set. */
export function validateAdmin(isNew: boolean, form: AdminForm): Record<string, string> {
  const e: Record<string, string | undefined> = { email: email(form.email) };
  if (withPassword(isNew, form)) Object.assign(e, validateNewPassword(form, MIN_ADMIN_PASSWORD_LENGTH));
  return Object.fromEntries(Object.entries(e).filter(([, v]) => v)) as Record<string, string>;
}

export function adminPayload(isNew: boolean, form: AdminForm): { email: string; avatar: number; password?: string; passwordConfirm?: string } {
  const out: { email: string; avatar: number; password?: string; passwordConfirm?: string } = { email: form.email.trim(), avatar: form.avatar };
  if (withPassword(isNew, form)) {
    out.password = form.password;
    out.passwordConfirm = form.passwordConfirm;
  }
  return out;
}
