import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupTempDirs, referenceDataDir } from "../../test/support/dataDirs.js";
import { adminToken, call, mask, type Call } from "../../test/support/client.js";
import type { RunningServer } from "../../test/support/servers.js";
import { hooksDir, startCairnWithHooks, startReferenceWithHooks } from "../../test/support/hooks.js";

/** Routes of a pb_hooks file written for PocketBase v0.22 (ES5-style handlers, as its users write them). */
const ROUTES = `
routerAdd("GET", "/hello/:name", function (c) {
  return c.json(200, { message: "Hello " + c.pathParam("name"), q: c.queryParam("q"), missing: c.queryParam("nope"), header: c.request().header.get("X-Test") });
});
routerAdd("GET", "/text", function (c) { return c.string(201, "plain text") });
routerAdd("GET", "/html", function (c) { return c.html(200, "<p>hi</p>") });
routerAdd("DELETE", "/nothing", function (c) { return c.noContent(204) });
routerAdd("POST", "/echo", function (c) {
  var data = new DynamicModel({ title: "", count: 0, ok: false, tags: [] });
  c.bind(data);
  return c.json(200, { title: data.title, count: data.count, ok: data.ok, tags: data.tags });
});
routerAdd("GET", "/bad", function (c) { throw new BadRequestError("invalid thing") });
routerAdd("GET", "/bad-empty", function (c) { throw new BadRequestError("") });
routerAdd("GET", "/notfound", function (c) { throw new NotFoundError("no such thing") });
routerAdd("GET", "/notfound-empty", function (c) { throw new NotFoundError() });
routerAdd("GET", "/forbidden", function (c) { throw new ForbiddenError("") });
routerAdd("GET", "/unauthorized", function (c) { throw new UnauthorizedError("who are you?") });
routerAdd("GET", "/unauthorized-empty", function (c) { throw new UnauthorizedError("") });
routerAdd("GET", "/teapot", function (c) { throw new ApiError(418, "short and stout") });
routerAdd("GET", "/punctuated", function (c) { throw new BadRequestError("really?") });
routerAdd("GET", "/plain", function (c) { throw new Error("boom") });
routerAdd("GET", "/admin-only", function (c) { return c.json(200, { email: c.get("admin").email }) }, $apis.requireAdminAuth());
routerAdd("GET", "/record-only", function (c) {
  var r = c.get("authRecord");
  return c.json(200, { email: r.email(), collection: r.collection().name, verified: r.verified() });
}, $apis.requireRecordAuth());
routerAdd("GET", "/users-only", function (c) { return c.json(200, { ok: true }) }, $apis.requireRecordAuth("users"));
routerAdd("GET", "/others-only", function (c) { return c.json(200, { ok: true }) }, $apis.requireRecordAuth("others"));
routerAdd("GET", "/who", function (c) {
  return c.json(200, { admin: c.get("admin") !== null, record: c.get("authRecord") ? c.get("authRecord").getString("email") : null });
});
routerAdd("GET", "/middleware", function (c) { return c.json(200, { seen: c.get("seen") }) }, function (next) {
  return function (c) { c.set("seen", "yes"); return next(c) };
});
routerAdd("GET", "/security", function (c) {
  var token = $security.createJWT({ id: "abc", kind: "test" }, "a secret", 60);
  sleep(5);
  return c.json(200, {
    md5: $security.md5("hello"),
    sha256: $security.sha256("hello"),
    sha512: $security.sha512("hello"),
    hs256: $security.hs256("hello", "key"),
    hs512: $security.hs512("hello", "key"),
    random: $security.randomString(12).length,
    alphabet: /^[ab]{8}$/.test($security.randomStringWithAlphabet(8, "ab")),
    claims: $security.parseJWT(token, "a secret").kind,
    env: $os.getenv("CAIRN_HOOKS_NO_SUCH_VARIABLE")
  });
});
routerAdd("GET", "/bad-jwt", function (c) {
  var token = $security.createJWT({ id: "abc" }, "a secret", 60);
  try { $security.parseJWT(token, "another secret"); return c.json(200, { parsed: true }) } catch (e) { return c.json(200, { parsed: false }) }
});
routerAdd("GET", "/either", function (c) { return c.json(200, { ok: true }) }, $apis.requireAdminOrRecordAuth());
routerAdd("GET", "/guests", function (c) { return c.json(200, { ok: true }) }, $apis.requireGuestOnly());
routerAdd("GET", "/silent", function (c) {});
routerAdd("GET", "/go", function (c) { return c.redirect(302, "/hello/there") });
routerAdd("POST", "/info", function (c) {
  var info = $apis.requestInfo(c);
  return c.json(200, { method: info.method, query: info.query, data: info.data, admin: info.admin !== null && info.admin !== undefined, record: info.authRecord ? info.authRecord.email() : null });
});
routerAdd("GET", "/user/:email", function (c) {
  return c.json(200, $app.dao().findFirstRecordByData("users", "email", c.pathParam("email")));
});
routerAdd("GET", "/user-missing", function (c) {
  try { $app.dao().findFirstRecordByData("users", "email", "nobody@example.com"); return c.json(200, { found: true }) } catch (e) { return c.json(200, { found: false }) }
});
routerAdd("POST", "/log", function (c) {
  $app.logger().info("hook says hello", "user", "someone", "count", 3);
  $app.logger().warn("hook warns");
  $app.logger().debug("hook debug line");
  return c.noContent(204);
});
routerAdd("POST", "/records-count", function (c) {
  var list = $app.dao().findRecordsByFilter("users", "email != ''", "", 0, 0);
  return c.json(200, { count: list.length });
});
`;

const USER = { email: "hooks@example.com", password: "1234567890", passwordConfirm: "1234567890" };

/** Both servers answer the same status, content type and body. */
async function same(servers: RunningServer[], c: Call, tokens: Map<RunningServer, string> = new Map()) {
  const answers = await Promise.all(servers.map((s) => call(s, { ...c, token: tokens.get(s) ?? c.token })));
  const [ref, cairn] = answers.map((a) => ({ status: a.status, type: a.headers.get("content-type"), body: a.body }));
  expect(cairn, `${c.method ?? "GET"} ${c.path}`).toEqual(ref);
  return ref!;
}

describe("pb_hooks routes, differential", () => {
  let ref: RunningServer;
  let cairn: RunningServer;
  const adminTokens = new Map<RunningServer, string>();
  const userTokens = new Map<RunningServer, string>();

  beforeAll(async () => {
    const data = referenceDataDir();
    const dir = hooksDir({ "main.pb.js": ROUTES });
    [ref, cairn] = await Promise.all([startReferenceWithHooks(data, dir), startCairnWithHooks(data, dir)]);
    for (const s of [ref, cairn]) {
      adminTokens.set(s, await adminToken(s));
      const created = await call(s, { method: "POST", path: "/api/collections/users/records", body: USER });
      expect(created.status).toBe(200);
      const signIn = await call(s, { method: "POST", path: "/api/collections/users/auth-with-password", body: { identity: USER.email, password: USER.password } });
      userTokens.set(s, (signIn.body as { token: string }).token);
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all([ref?.stop(), cairn?.stop()]);
    cleanupTempDirs();
  });

  it("answers c.json, c.string, c.html and c.noContent with path, query and header values", async () => {
    const hello = await same([ref, cairn], { path: "/hello/world?q=search", headers: { "X-Test": "header value" } });
    expect(hello.body).toEqual({ message: "Hello world", q: "search", missing: "", header: "header value" });
    expect((await same([ref, cairn], { path: "/text" })).status).toBe(201);
    await same([ref, cairn], { path: "/html" });
    expect((await same([ref, cairn], { method: "DELETE", path: "/nothing" })).status).toBe(204);
  });

  it("binds a JSON body into a DynamicModel", async () => {
    const echoed = await same([ref, cairn], { method: "POST", path: "/echo", body: { title: "x", count: 3, ok: true, tags: ["a"], extra: 1 } });
    expect(echoed.body).toEqual({ title: "x", count: 3, ok: true, tags: ["a"] });
  });

  it("answers a thrown error class as PocketBase does (status, sentence-cased message, data {})", async () => {
    for (const p of ["/bad", "/bad-empty", "/notfound", "/notfound-empty", "/forbidden", "/unauthorized", "/unauthorized-empty", "/teapot", "/punctuated", "/plain"]) {
      const a = await same([ref, cairn], { path: p });
      expect(a.status).toBeGreaterThanOrEqual(400);
    }
    expect((await same([ref, cairn], { path: "/bad" })).body).toEqual({ code: 400, message: "Invalid thing.", data: {} });
  });

  it("guards routes with $apis.requireAdminAuth() and $apis.requireRecordAuth()", async () => {
    expect((await same([ref, cairn], { path: "/admin-only" })).status).toBe(401);
    expect((await same([ref, cairn], { path: "/admin-only" }, userTokens)).status).toBe(401);
    expect((await same([ref, cairn], { path: "/admin-only" }, adminTokens)).body).toEqual({ email: "admin@example.com" });
    expect((await same([ref, cairn], { path: "/record-only" })).status).toBe(401);
    expect((await same([ref, cairn], { path: "/record-only" }, adminTokens)).status).toBe(401);
    expect((await same([ref, cairn], { path: "/record-only" }, userTokens)).body).toEqual({ email: USER.email, collection: "users", verified: false });
    expect((await same([ref, cairn], { path: "/users-only" }, userTokens)).status).toBe(200);
    expect((await same([ref, cairn], { path: "/others-only" }, userTokens)).status).toBe(403);
  });

  it("gives c.get('admin') and c.get('authRecord'), and values a middleware sets", async () => {
    expect((await same([ref, cairn], { path: "/who" })).body).toEqual({ admin: false, record: null });
    expect((await same([ref, cairn], { path: "/who" }, adminTokens)).body).toEqual({ admin: true, record: null });
    expect((await same([ref, cairn], { path: "/who" }, userTokens)).body).toEqual({ admin: false, record: USER.email });
    expect((await same([ref, cairn], { path: "/middleware" })).body).toEqual({ seen: "yes" });
  });

  it("answers the other guards, a route that writes nothing, a redirect and $apis.requestInfo", async () => {
    expect((await same([ref, cairn], { path: "/either" })).status).toBe(401);
    expect((await same([ref, cairn], { path: "/either" }, userTokens)).status).toBe(200);
    expect((await same([ref, cairn], { path: "/either" }, adminTokens)).status).toBe(200);
    expect((await same([ref, cairn], { path: "/guests" })).status).toBe(200);
    expect((await same([ref, cairn], { path: "/guests" }, userTokens)).status).toBe(400);
    await same([ref, cairn], { path: "/silent" });
    const answers = await Promise.all([ref, cairn].map((s) => fetch(s.url + "/go", { redirect: "manual" })));
    expect(answers.map((a) => [a.status, a.headers.get("location")])).toEqual([[302, "/hello/there"], [302, "/hello/there"]]);
    const info = await same([ref, cairn], { method: "POST", path: "/info?a=1&a=2&b=x", body: { title: "t", n: 2 } }, userTokens);
    expect(info.body).toEqual({ method: "POST", query: { a: "1", b: "x" }, data: { title: "t", n: 2 }, admin: false, record: USER.email });
  });

  it("answers a Record as PocketBase serializes it, and a lookup that finds nothing throws", async () => {
    const answers = await Promise.all([ref, cairn].map((s) => call(s, { path: `/user/${USER.email}` })));
    const [r, k] = answers.map((a) => ({ status: a.status, body: mask(a.body, new Set(["id", "created", "updated", "username"])) }));
    expect(k).toEqual(r);
    expect((await same([ref, cairn], { path: "/user-missing" })).body).toEqual({ found: false });
  });

  it("writes $app.logger() lines to the logs as the reference (level, message, attributes as data)", async () => {
    for (const s of [ref, cairn]) expect((await call(s, { method: "POST", path: "/log" })).status).toBe(204);
    const lines = async (s: RunningServer) => {
      const until = Date.now() + 8000;
      for (;;) {
        const res = await call(s, { path: "/api/logs?filter=" + encodeURIComponent("message ~ 'hook '") + "&sort=level", token: adminTokens.get(s) });
        const items = (res.body as { items?: { level: number; message: string; data: unknown }[] }).items ?? [];
        if (items.length >= 2 || Date.now() > until) return items.map((i) => ({ level: i.level, message: i.message, data: i.data }));
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    const [r, k] = await Promise.all([lines(ref), lines(cairn)]);
    expect(k).toEqual(r);
    expect(r.map((l) => l.message)).toEqual(["hook says hello", "hook warns"]);
  });

  it("gives $security's hashes, random strings and tokens, $os.getenv and sleep", async () => {
    const sec = await same([ref, cairn], { path: "/security" });
    expect(sec.body).toMatchObject({ md5: "5d41402abc4b2a76b9719d911017c592", random: 12, alphabet: true, claims: "test", env: "" });
    expect((await same([ref, cairn], { path: "/bad-jwt" })).body).toEqual({ parsed: false });
  });

  it("reads records through $app.dao() answers 404 for unknown paths and 405 for another method", async () => {
    expect((await same([ref, cairn], { method: "POST", path: "/records-count" })).body).toEqual({ count: 1 });
    await same([ref, cairn], { path: "/not-a-hook" });
    await same([ref, cairn], { method: "POST", path: "/hello/world" });
  });
});
