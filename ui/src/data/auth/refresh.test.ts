import { afterEach, describe, expect, it, vi } from "vitest";
import { refreshAdminSession } from "./refresh";
import { client } from "../../lib/client";

function token(type = "admin") {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600, type, id: "a1" })).replace(/=+$/, "");
  return `h.${payload}.s`;
}
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("start-up session refresh", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    client.authStore.clear();
  });

  it("does nothing without a valid admin session", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    await refreshAdminSession();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("renews token and model through POST /api/admins/auth-refresh", async () => {
    client.authStore.save(token(), { id: "a1", email: "old@x.io" });
    const fresh = token();
    const fetchMock = vi.fn(async () => json(200, { token: fresh, admin: { id: "a1", email: "new@x.io", avatar: 4 } }));
    vi.stubGlobal("fetch", fetchMock);
    await refreshAdminSession();
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toMatch(/\/api\/admins\/auth-refresh$/);
    expect(client.authStore.model?.email).toBe("new@x.io");
  });

  it("ends the session on 401 without navigating", async () => {
    window.location.hash = "#/auth/oauth2-redirect-success";
    client.authStore.save(token(), { id: "a1" });
    vi.stubGlobal("fetch", vi.fn(async () => json(401, { code: 401, message: "x", data: {} })));
    await refreshAdminSession();
    expect(client.authStore.token).toBe("");
    expect(window.location.hash).toBe("#/auth/oauth2-redirect-success");
  });
});
