import PocketBase, { LocalAuthStore } from "pocketbase";
import { resolveApiUrl } from "./apiUrl";
import { storageKeys } from "./storageKeys";

/** Default value of the Accept-Language header sent with every call. */
export const DEFAULT_LANG = "en-US";

/** The one SDK client of the dashboard; its auth store lives in local storage under cairn_admin. */
export const client = new PocketBase(resolveApiUrl(), new LocalAuthStore(storageKeys.adminAuth), DEFAULT_LANG);

/** A stored admin session is valid when its token is an unexpired admin token. */
export function isAdminSessionValid(pb: PocketBase = client): boolean {
  return pb.authStore.isValid && pb.authStore.isAdmin;
}
