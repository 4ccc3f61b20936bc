import { describe, expect, it, vi } from "vitest";
import type PocketBase from "pocketbase";
import { FILE_TOKEN_MARGIN_SECONDS, getAdminFileToken } from "./fileToken";
import { storageKeys } from "./storageKeys";

function token(expInSeconds: number) {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + expInSeconds, type: "admin" })).replace(/=+$/, "");
  return `x.${payload}.y`;
}

describe("admin file token", () => {
  it("reuses a cached token that is valid beyond the 10 s margin", async () => {
    expect(FILE_TOKEN_MARGIN_SECONDS).toBe(10);
    const cached = token(60);
    localStorage.setItem(storageKeys.adminFileToken, cached);
    const getToken = vi.fn();
    expect(await getAdminFileToken({ files: { getToken } } as unknown as PocketBase)).toBe(cached);
    expect(getToken).not.toHaveBeenCalled();
  });

  it("fetches and caches a new one when the cached token expires within the margin", async () => {
    localStorage.setItem(storageKeys.adminFileToken, token(5));
    const fresh = token(120);
    const getToken = vi.fn(async () => fresh);
    expect(await getAdminFileToken({ files: { getToken } } as unknown as PocketBase)).toBe(fresh);
    expect(getToken).toHaveBeenCalledOnce();
    expect(localStorage.getItem(storageKeys.adminFileToken)).toBe(fresh);
  });
});
