import { describe, expect, it } from "vitest";
import { call } from "../../test/support/client.js";
import { cairnWithEvents } from "../../test/support/events.js";

describe("admin events on the app's bus", () => {
  const env = cairnWithEvents();

  it("announces creates, updates and deletes after commit, never refused ones", async () => {
    const { cairn, token, seen } = env;
    const body = { email: "second@example.com", password: "1234567890", passwordConfirm: "1234567890" };
    const created = await call(cairn, { method: "POST", path: "/api/admins", token, body });
    expect(created.status).toBe(200);
    const id = (created.body as { id: string }).id;
    expect((await call(cairn, { method: "POST", path: "/api/admins", token, body })).status).toBe(400);
    expect((await call(cairn, { method: "PATCH", path: `/api/admins/${id}`, body: { avatar: 3 } })).status).toBe(401);
    expect((await call(cairn, { method: "PATCH", path: `/api/admins/${id}`, token, body: { avatar: 3 } })).status).toBe(200);
    expect((await call(cairn, { method: "DELETE", path: `/api/admins/${id}`, token })).status).toBe(204);

    const admins = seen.filter((e) => e.type.startsWith("admin."));
    expect(admins.map((e) => "admin" in e && `${e.type} ${e.admin.email} ${e.admin.avatar}`)).toEqual([
      "admin.save second@example.com 0",
      "admin.save second@example.com 3",
      "admin.delete second@example.com 3",
    ]);
  });
});
