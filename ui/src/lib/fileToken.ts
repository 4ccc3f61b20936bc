import { isTokenExpired } from "pocketbase";
import type PocketBase from "pocketbase";
import { readStorage, storageKeys, writeStorage } from "./storageKeys";

/** A cached file token counts as expired this many seconds before its exp. */
export const FILE_TOKEN_MARGIN_SECONDS = 10;

/** The cached admin file token while it is valid, else "". */
export function cachedAdminFileToken(): string {
  const cached = readStorage(storageKeys.adminFileToken) ?? "";
  return cached && !isTokenExpired(cached, FILE_TOKEN_MARGIN_SECONDS) ? cached : "";
}

/**
 * The admin file token for protected files: cached in local storage and fetched again
 * (POST /api/files/token) when missing or expiring within the margin.
 */
export async function getAdminFileToken(pb: PocketBase): Promise<string> {
  const cached = cachedAdminFileToken();
  if (cached) return cached;
  const token = await pb.files.getToken({ requestKey: null });
  writeStorage(storageKeys.adminFileToken, token || null);
  return token;
}
