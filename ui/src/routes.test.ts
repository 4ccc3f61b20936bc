import { describe, expect, it } from "vitest";
import { ADMIN_HOME, resolveRoute, resolveShown, routes, type RouteDef } from "./routes";

const guest = { isAdmin: false, installer: false };
const admin = { isAdmin: true, installer: false };

describe("route table", () => {
  it("holds every route of the spec", () => {
    const paths = routes.map((r) => r.path);
    for (const p of [
      "/login",
      "/request-password-reset",
      "/confirm-password-reset/:token",
      "/collections",
      "/logs",
      "/settings",
      "/settings/admins",
      "/settings/mail",
      "/settings/storage",
      "/settings/auth-providers",
      "/settings/tokens",
      "/settings/export-collections",
      "/settings/import-collections",
      "/settings/backups",
      "/users/confirm-password-reset/:token",
      "/auth/confirm-password-reset/:token",
      "/users/confirm-verification/:token",
      "/auth/confirm-verification/:token",
      "/users/confirm-email-change/:token",
      "/auth/confirm-email-change/:token",
      "/auth/oauth2-redirect-success",
      "/auth/oauth2-redirect-failure",
    ]) {
      expect(paths).toContain(p);
    }
  });

  it("shows the sidebar only on admin routes", () => {
    for (const r of routes) expect(r.sidebar).toBe(r.access === "admin");
  });
});

describe("resolveRoute guards", () => {
  it("sends every route but the root to the root while the installer flag is set", () => {
    expect(resolveRoute("/login", { isAdmin: false, installer: true })).toEqual({ kind: "redirect", to: "/" });
    expect(resolveRoute("/logs", { isAdmin: true, installer: true })).toEqual({ kind: "redirect", to: "/" });
    expect(resolveRoute("/", { isAdmin: false, installer: true }).kind).toBe("route");
  });

  it("lets only guests reach sign-in and password reset", () => {
    expect(resolveRoute("/login", guest).kind).toBe("route");
    expect(resolveRoute("/login", admin)).toEqual({ kind: "redirect", to: "/" });
    expect(resolveRoute("/request-password-reset", admin)).toEqual({ kind: "redirect", to: "/" });
    expect(resolveRoute("/confirm-password-reset/tok", admin)).toEqual({ kind: "redirect", to: "/" });
  });

  it("sends a signed-in admin from the root to the collections, and leaves the root to guests and the installer", () => {
    expect(resolveRoute("/", admin)).toEqual({ kind: "redirect", to: ADMIN_HOME });
    expect(resolveRoute("/", guest).kind).toBe("route");
    expect(resolveRoute("/", { isAdmin: true, installer: true }).kind).toBe("route");
  });

  it("resolveShown follows the redirects to the page they end on", () => {
    const signedIn = resolveShown("/login", admin);
    expect(signedIn.redirectTo).toBe(ADMIN_HOME);
    expect(signedIn.resolution.kind === "route" && signedIn.resolution.route.path).toBe("/collections");
    const guestOnApp = resolveShown("/logs", guest);
    expect(guestOnApp.redirectTo).toBe("/");
    expect(guestOnApp.resolution.kind === "route" && guestOnApp.resolution.route.path).toBe("/");
    expect(resolveShown("/collections", admin).redirectTo).toBeNull();
  });

  it("resolveShown stops after a few hops of a redirect loop", () => {
    // a guest at an admin-only root is sent to the root, again and again
    const loop: RouteDef[] = [{ path: "/", access: "admin", sidebar: false, component: () => null }];
    const shown = resolveShown("/", guest, loop);
    expect(shown.resolution).toEqual({ kind: "redirect", to: "/" });
  });

  it("lets only admins reach the app routes", () => {
    expect(resolveRoute("/logs", guest)).toEqual({ kind: "redirect", to: "/" });
    expect(resolveRoute("/settings/admins", guest)).toEqual({ kind: "redirect", to: "/" });
    expect(resolveRoute("/collections", admin).kind).toBe("route");
  });

  it("keeps public pages open to everyone and passes the token", () => {
    for (const ctx of [guest, admin]) {
      const r = resolveRoute("/auth/confirm-verification/abc.def", ctx);
      expect(r.kind).toBe("route");
      if (r.kind === "route") expect(r.params).toEqual({ token: "abc.def" });
      expect(resolveRoute("/auth/oauth2-redirect-failure", ctx).kind).toBe("route");
    }
  });

  it("shows the not-found page for anything else", () => {
    expect(resolveRoute("/nope", guest)).toEqual({ kind: "notfound" });
    expect(resolveRoute("/logs/extra", admin)).toEqual({ kind: "notfound" });
  });
});
