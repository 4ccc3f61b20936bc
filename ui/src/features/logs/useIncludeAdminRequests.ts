import { useCallback, useEffect } from "react";
import { readStorage, storageKeys, writeStorage } from "../../lib/storageKeys";
import { setQueryParams, useHashLocation } from "../../lib/router";

/** URL value wins ("1" included, anything else not), else the remembered local-storage flag. */
export function resolveIncludeAdminRequests(urlValue: string | null, stored: string | null): boolean {
  if (urlValue !== null) return urlValue === "1";
  return stored === "1";
}

/** "Include requests by admins": kept in local storage and in the URL (adminRequests=1). */
export function useIncludeAdminRequests(): [boolean, (v: boolean) => void] {
  const { query } = useHashLocation();
  const urlValue = query.get("adminRequests");
  const included = resolveIncludeAdminRequests(urlValue, readStorage(storageKeys.logsAdminRequests));

  // Keep both places in agreement after landing on the page.
  useEffect(() => {
    writeStorage(storageKeys.logsAdminRequests, included ? "1" : null);
    if ((urlValue === "1") !== included) setQueryParams({ adminRequests: included ? "1" : null });
  }, [included, urlValue]);

  const set = useCallback((v: boolean) => {
    writeStorage(storageKeys.logsAdminRequests, v ? "1" : null);
    setQueryParams({ adminRequests: v ? "1" : null });
  }, []);

  return [included, set];
}
