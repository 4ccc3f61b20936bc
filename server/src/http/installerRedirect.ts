/**
 * Where the dashboard's index sends a visitor, as PocketBase v0.22 does: with no admin yet, on
 * to the installer (`?installer#`, other parameters dropped); once an admin exists, a leftover
 * installer flag is removed (`?`). Null: serve the page.
 */
export function installerRedirect(hasInstallerFlag: boolean, adminCount: number): string | null {
  if (adminCount === 0 && !hasInstallerFlag) return "?installer#";
  if (adminCount > 0 && hasInstallerFlag) return "?";
  return null;
}
