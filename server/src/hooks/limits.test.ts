import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupTempDirs, referenceDataDir } from "../../test/support/dataDirs.js";
import { call } from "../../test/support/client.js";
import { hooksDir, startCairnWithHooks, type CairnWithHooks } from "../../test/support/hooks.js";

const LOOP = `
routerAdd("GET", "/loop", function (c) { while (true) {} });
routerAdd("GET", "/ok", function (c) { return c.json(200, { ok: true }) });
onRecordBeforeCreateRequest(function (e) { for (;;) {} }, "users");
`;
const BROKEN = `routerAdd("GET", "/broken", function (c) {
  return c.json(200, {})
  var x = ;
});
`;

describe("pb_hooks time limit and load errors", () => {
  let cairn: CairnWithHooks;

  beforeAll(async () => {
    const dir = hooksDir({ "a_loop.pb.js": LOOP, "b_broken.pb.js": BROKEN });
    cairn = await startCairnWithHooks(referenceDataDir(), dir, { timeoutMs: 400, poolSize: 1 });
  }, 60_000);

  afterAll(async () => {
    await cairn?.stop();
    cleanupTempDirs();
  });

  it("starts with a file that does not parse, naming its file and line, and runs the others", async () => {
    expect(cairn.logged.find((l) => l.includes("b_broken.pb.js"))).toMatch(/^Failed to execute b_broken\.pb\.js: .*SyntaxError|Unexpected token.*b_broken\.pb\.js:3/);
    expect((await call(cairn, { path: "/broken" })).status).toBe(404);
    expect((await call(cairn, { path: "/ok" })).body).toEqual({ ok: true });
  });

  it("stops a route that never returns: a 500 in the generic shape, a log line, and the next requests answered", async () => {
    const looped = await call(cairn, { path: "/loop" });
    expect(looped.status).toBe(500);
    expect(looped.body).toEqual({ code: 500, message: "Something went wrong while processing your request.", data: {} });
    expect(cairn.logged.some((l) => l.includes("GET /loop") && l.includes("a_loop.pb.js") && l.includes("ran over 400 ms"))).toBe(true);
    for (let i = 0; i < 3; i++) expect((await call(cairn, { path: "/ok" })).body).toEqual({ ok: true });
    expect((await call(cairn, { path: "/api/health" })).status).toBe(200);
  });

  it("stops a record hook that never returns: the create answers 500 and writes nothing", async () => {
    const res = await call(cairn, { method: "POST", path: "/api/collections/users/records", body: { email: "loop@example.com", password: "1234567890", passwordConfirm: "1234567890" } });
    expect(res.status).toBe(500);
    expect(cairn.logged.some((l) => l.includes("onRecordBeforeCreateRequest") && l.includes("ran over"))).toBe(true);
    expect(await cairn.app.db.get("SELECT COUNT(*) AS n FROM users")).toEqual({ n: 0 });
    expect((await call(cairn, { path: "/ok" })).body).toEqual({ ok: true });
  });
});

const WAITING_WRITER = `
routerAdd("POST", "/slow-write", function (c) {
  sleep(400);
  var users = $app.dao().findCollectionByNameOrId("users");
  var r = new Record(users, { email: "route@example.com", username: "routewriter" });
  r.setPassword("1234567890");
  $app.dao().saveRecord(r);
  return c.json(200, { ok: true });
});
onRecordBeforeCreateRequest(function (e) { e.record.set("name", "from the hook") }, "users");
`;

describe("pb_hooks threads and the write transaction", () => {
  let cairn: CairnWithHooks;

  beforeAll(async () => {
    cairn = await startCairnWithHooks(referenceDataDir(), hooksDir({ "writer.pb.js": WAITING_WRITER }), { timeoutMs: 8000, poolSize: 1 });
  }, 60_000);

  afterAll(async () => {
    await cairn?.stop();
    cleanupTempDirs();
  });

  it("runs a before hook on a spare thread while the only one waits for that hook's transaction", async () => {
    const started = Date.now();
    const route = call(cairn, { method: "POST", path: "/slow-write" });
    await new Promise((r) => setTimeout(r, 100));
    const create = call(cairn, { method: "POST", path: "/api/collections/users/records", body: { email: "api@example.com", password: "1234567890", passwordConfirm: "1234567890" } });
    const [r, c] = await Promise.all([route, create]);
    expect([r.status, c.status]).toEqual([200, 200]);
    expect((c.body as { name: string }).name).toBe("from the hook");
    expect(Date.now() - started).toBeLessThan(6000);
    expect(await cairn.app.db.get("SELECT COUNT(*) AS n FROM users")).toEqual({ n: 2 });
    expect(cairn.logged.filter((l) => l.includes("ran over"))).toEqual([]);
  });
});
