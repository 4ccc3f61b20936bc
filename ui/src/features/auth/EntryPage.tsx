import { useEffect, useState } from "react";
import { isAdminSessionValid } from "../../lib/client";
import { navigate } from "../../lib/router";
import { hasInstallerFlag, logout } from "../../lib/session";
import { InstallerForm } from "./InstallerForm";

/**
 * The root route: with the installer flag, log out (no redirect) and show the first-admin form;
 * otherwise a valid admin session goes to /collections and an invalid one logs out to /login.
 */
export function EntryPage() {
  const [installer] = useState(() => hasInstallerFlag());
  useEffect(() => {
    if (installer) {
      logout(false);
      return;
    }
    if (isAdminSessionValid()) {
      navigate("/collections", { replace: true });
    } else {
      logout(false);
      navigate("/login", { replace: true });
    }
  }, [installer]);
  return installer ? <InstallerForm /> : null;
}
