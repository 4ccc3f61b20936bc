import { client } from "./client";
import { navigate } from "./router";

/** Clears the admin session; by default goes to the root (which then shows sign-in). */
export function logout(redirect = true): void {
  client.authStore.clear();
  if (redirect) navigate("/", { replace: true });
}

/** Whether the page address carries the installer flag (page query or hash query). */
export function hasInstallerFlag(win: Window = window): boolean {
  if (new URLSearchParams(win.location.search).has("installer")) return true;
  const hash = win.location.hash;
  const q = hash.indexOf("?");
  return q >= 0 && new URLSearchParams(hash.slice(q + 1)).has("installer");
}

/** The current page address without the installer flag, pointing at the root route. */
export function addressWithoutInstaller(win: Window = window): string {
  const params = new URLSearchParams(win.location.search);
  params.delete("installer");
  const qs = params.toString();
  return win.location.pathname + (qs ? "?" + qs : "") + "#/";
}
