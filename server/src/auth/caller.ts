import type { AdminModel } from "../models/admin.js";
import type { AuthInfo, RequestInfo } from "../query/requestInfo.js";
import { unauthorized } from "../tools/errors.js";

/**
 * Who calls a service: an admin, an auth record (`info.auth`) or a guest, with what the
 * API rules read about the request (`@request.*`). Every service method takes one and
 * enforces access itself; the HTTP layer only builds it from the request.
 */
export interface Caller {
  admin: boolean;
  info: RequestInfo;
  /** The signed-in admin (for answers that name them, e.g. a token refresh). */
  adminModel?: AdminModel | null;
}

export const ADMIN_REQUIRED = "The request requires valid admin authorization token to be set.";
export const RECORD_REQUIRED = "The request requires valid record authorization token to be set.";

/** In-process callers with every right (the CLI). */
export const SYSTEM_CALLER: Caller = Object.freeze({ admin: true, info: {} });

/** A guest with no request details (internal reads that must follow the rules). */
export const guestCaller = (info: RequestInfo = {}): Caller => ({ admin: false, info });

/** Unauthorized unless the caller is an admin (the reference's message). */
export function requireAdmin(who: Caller): void {
  if (!who.admin) throw unauthorized(ADMIN_REQUIRED);
}

/** The signed-in admin; unauthorized when there is none. */
export function requireAdminModel(who: Caller): AdminModel {
  if (!who.admin || !who.adminModel) throw unauthorized(ADMIN_REQUIRED);
  return who.adminModel;
}

/** The signed-in auth record; unauthorized when there is none. */
export function requireAuthRecord(who: Caller): AuthInfo {
  if (!who.info.auth) throw unauthorized(RECORD_REQUIRED);
  return who.info.auth;
}
