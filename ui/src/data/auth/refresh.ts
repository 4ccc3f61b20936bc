import { client, isAdminSessionValid } from "../../lib/client";
import { normalizeError } from "../../lib/errors";
import { logout } from "../../lib/session";

/**
 * POST /api/admins/auth-refresh for a stored, still valid session (start-up): renews the token and
 * the admin model. A 401 (e.g. a deleted admin) ends the session without leaving the current page
 * (the route guards then send admin pages to the root); other failures are left for the page's
 * own calls to report.
 */
export async function refreshAdminSession(): Promise<void> {
  if (!isAdminSessionValid()) return;
  try {
    await client.admins.authRefresh({ requestKey: "admin_auth_refresh" });
  } catch (err) {
    if (normalizeError(err).status === 401) logout(false);
  }
}
