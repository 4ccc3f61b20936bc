import { describe, expect, it } from "vitest";
import { call } from "../../test/support/client.js";
import { cairnWithEvents } from "../../test/support/events.js";

describe("collection events on the app's bus", () => {
  const env = cairnWithEvents();

  const summary = () =>
    env.seen.filter((e) => e.type.startsWith("collection.")).map((e) => "collection" in e && `${e.type} ${e.collection.name}${"previous" in e && e.previous ? ` (was ${e.previous.name})` : ""}`);

  it("announces saves (with the previous state) and deletes after commit, never failed ones", async () => {
    const { cairn, token, seen } = env;
    seen.length = 0;
    const created = await call(cairn, { method: "POST", path: "/api/collections", token, body: { name: "posts", schema: [{ name: "title", type: "text" }] } });
    expect(created.status).toBe(200);
    const bad = await call(cairn, { method: "POST", path: "/api/collections", token, body: { name: "posts" } });
    expect(bad.status).toBe(400);
    const guest = await call(cairn, { method: "PATCH", path: "/api/collections/posts", body: { name: "nope" } });
    expect(guest.status).toBe(401);
    expect((await call(cairn, { method: "PATCH", path: "/api/collections/posts", token, body: { name: "articles" } })).status).toBe(200);
    expect((await call(cairn, { method: "DELETE", path: "/api/collections/articles", token })).status).toBe(204);
    expect(summary()).toEqual(["collection.save posts", "collection.save articles (was posts)", "collection.delete articles"]);
  });

  it("announces what an import saved and deleted", async () => {
    const { cairn, token, seen } = env;
    const before = await call(cairn, { method: "POST", path: "/api/collections", token, body: { name: "old", schema: [{ name: "a", type: "text" }] } });
    expect(before.status).toBe(200);
    const users = (await call(cairn, { method: "GET", path: "/api/collections/users", token })).body;
    seen.length = 0;
    const body = { deleteMissing: true, collections: [users, { name: "fresh", type: "base", schema: [{ name: "b", type: "text" }] }] };
    const res = await call(cairn, { method: "PUT", path: "/api/collections/import", token, body });
    expect(res.status).toBe(204);
    expect(summary().sort()).toEqual(["collection.delete old", "collection.save fresh", "collection.save users (was users)"]);
  });
});
