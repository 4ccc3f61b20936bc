import { useEffect, useState } from "react";
import { isAdminSessionValid } from "../../lib/client";
import { navigate } from "../../lib/router";
import { hasInstallerFlag, logout } from "../../lib/session";
import { InstallerForm } from "./InstallerForm";

/**
 * The root route: with the installer flag, log out (no redirect) and show the first-admin form;
 * otherwise log out and go to /login (a valid admin session never gets here: the route guard sends
 * it on to the collections, see resolveRoute).
 */
export function EntryPage() {
  const [installer] = useState(() => hasInstallerFlag());
  useEffect(() => {
    // A session stored since this render (another tab) is the guard's to send on, not to log out.
    if (!installer && isAdminSessionValid()) return;
    logout(false);
    if (!installer) navigate("/login", { replace: true });
  }, [installer]);
  return installer ? <InstallerForm /> : null;
}
