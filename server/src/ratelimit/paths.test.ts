import { describe, expect, it } from "vitest";
import { routedPaths, unroutedPath } from "./paths.js";

describe("rate-limited paths", () => {
  it("puts a routed request's params back into its route, the collection by name and by id", () => {
    const users = { id: "_pb_users_auth_", name: "users" };
    expect(routedPaths("/api/collections/:collection/auth-with-password", { collection: "USERS" }, users)).toEqual([
      "/api/collections/users/auth-with-password",
      "/api/collections/_pb_users_auth_/auth-with-password",
    ]);
    expect(routedPaths("/api/collections/:idOrName", { idOrName: "_pb_users_auth_" }, users)[0]).toBe("/api/collections/users");
    expect(routedPaths("/api/files/:collection/:record/:filename", { collection: "x", record: "r1", filename: "a b.png" })).toEqual(["/api/files/x/r1/a b.png"]);
    expect(routedPaths("/_/*", { "*": "assets/app.js" })).toEqual(["/_/assets/app.js"]);
    expect(routedPaths("*", { "*": "api/anything" })).toEqual(["/api/anything"]);
  });

  it("reads an unrouted target as the router does", () => {
    expect(unroutedPath("http://127.0.0.1:8090/%61pi//nothing?x=1")).toBe("/api/nothing");
    expect(unroutedPath("/api/nothing#frag")).toBe("/api/nothing");
    expect(unroutedPath("/api/%zz")).toBe("/api/%zz");
    expect(unroutedPath("http://host")).toBe("/");
  });
});
