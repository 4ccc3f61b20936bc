import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupTempDirs, referenceDataDir } from "../../test/support/dataDirs.js";
import { call, type Call } from "../../test/support/client.js";
import type { RunningServer } from "../../test/support/servers.js";
import { hooksDir, startCairnWithHooks, startReferenceWithHooks } from "../../test/support/hooks.js";

const MIDDLEWARE = `
routerUse(function (next) {
  return function (c) {
    if (c.request().header.get("X-Block") === "yes") throw new ForbiddenError("blocked by a middleware");
    if (c.request().header.get("X-Answer") === "yes") return c.json(202, { answered: "by the middleware" });
    c.response().header().set("X-Hooked", "yes");
    return next(c);
  };
});
`;
const ROUTE = `routerAdd("GET", "/mw-route", function (c) { return c.json(200, { ok: true }) });\n`;

describe("routerUse, differential", () => {
  let ref: RunningServer;
  let cairn: RunningServer;

  beforeAll(async () => {
    const data = referenceDataDir();
    const dir = hooksDir({ "a_middleware.pb.js": MIDDLEWARE, "b_route.pb.js": ROUTE });
    [ref, cairn] = await Promise.all([startReferenceWithHooks(data, dir), startCairnWithHooks(data, dir)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([ref?.stop(), cairn?.stop()]);
    cleanupTempDirs();
  });

  async function same(c: Call) {
    const [r, k] = await Promise.all([ref, cairn].map(async (s) => {
      const a = await call(s, c);
      return { status: a.status, body: a.body, hooked: a.headers.get("x-hooked") };
    }));
    expect(k, c.path).toEqual(r);
    return r!;
  }

  it("runs before Cairn's own routes and the files' routes: a throw, an answer, a header", async () => {
    expect((await same({ path: "/api/collections/users/records", headers: { "X-Block": "yes" } })).status).toBe(403);
    expect((await same({ path: "/mw-route", headers: { "X-Block": "yes" } })).status).toBe(403);
    expect((await same({ path: "/api/settings", headers: { "X-Answer": "yes" } })).status).toBe(202);
    const passed = await same({ path: "/mw-route" });
    expect(passed).toEqual({ status: 200, body: { ok: true }, hooked: "yes" });
    expect((await same({ path: "/api/collections/users/records" })).hooked).toBe("yes");
  });
});
