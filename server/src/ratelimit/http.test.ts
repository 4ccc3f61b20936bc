import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, call } from "../../test/support/client.js";
import { cairnDataDir, cleanupTempDirs } from "../../test/support/dataDirs.js";
import { rawStatus } from "../../test/support/rawHttp.js";
import { startCairn, type RunningCairn } from "../../test/support/servers.js";

describe("rate limits over HTTP", () => {
  let cairn: RunningCairn;
  let admin: string;
  let userToken: string;

  const limits = (rateLimits: unknown) => call(cairn, { method: "PATCH", path: "/api/settings", token: admin, body: { rateLimits } });
  const health = (token?: string) => call(cairn, { path: "/api/health", token });

  beforeAll(async () => {
    cairn = await startCairn(await cairnDataDir());
    admin = await adminToken(cairn);
    await call(cairn, { method: "POST", path: "/api/collections", token: admin, body: { name: "posts", type: "base", schema: [{ name: "title", type: "text" }], createRule: "", listRule: "" } });
    await call(cairn, { method: "POST", path: "/api/collections", token: admin, body: { name: "users2", type: "auth", schema: [], createRule: "", options: { allowEmailAuth: true, allowUsernameAuth: true, minPasswordLength: 8 } } });
    await call(cairn, { method: "POST", path: "/api/collections/users2/records", body: { email: "u@example.com", password: "1234567890", passwordConfirm: "1234567890" } });
    const auth = await call(cairn, { method: "POST", path: "/api/collections/users2/auth-with-password", body: { identity: "u@example.com", password: "1234567890" } });
    userToken = (auth.body as { token: string }).token;
    if (!userToken) throw new Error(`no user token: ${JSON.stringify(auth.body)}`);
  });

  afterAll(async () => {
    await cairn.stop();
    cleanupTempDirs();
  });

  it("is off by default", async () => {
    const view = await call(cairn, { path: "/api/settings", token: admin });
    expect((view.body as { rateLimits: unknown }).rateLimits).toEqual({ enabled: false, rules: [] });
    for (let i = 0; i < 20; i++) expect((await health()).status).toBe(200);
  });

  it("validates the rules", async () => {
    const res = await limits({ enabled: true, rules: [{ label: "", maxRequests: 0, duration: 1 }, { label: "/api/", maxRequests: 1, duration: 0, audience: "@x" }] });
    expect(res.status).toBe(400);
    expect((res.body as { data: unknown }).data).toEqual({
      rateLimits: {
        rules: {
          "0": { label: { code: "validation_required", message: "Cannot be blank." }, maxRequests: { code: "validation_min_greater_equal_than_required", message: "Must be no less than 1." } },
          "1": { duration: { code: "validation_min_greater_equal_than_required", message: "Must be no less than 1." }, audience: { code: "validation_in_invalid", message: "Must be a valid value." } },
        },
      },
    });
  });

  it("takes every documented label form and refuses others", async () => {
    const ok = ["/api/", "POST /api/collections/posts/records", "posts:create", "*:auth", "*:list"];
    for (const label of ok) expect((await limits({ enabled: false, rules: [{ label, maxRequests: 1, duration: 1 }] })).status, label).toBe(200);
    for (const label of ["posts", "GET posts", "*", "a b:create"]) {
      const res = await limits({ enabled: false, rules: [{ label, maxRequests: 1, duration: 1 }] });
      expect(res.status, label).toBe(400);
      expect(JSON.stringify(res.body)).toContain("validation_invalid_rate_limit_label");
    }
  });

  it("refuses rules that are not objects as a malformed body", async () => {
    const res = await limits({ enabled: true, rules: ["/api/"] });
    expect(res.status).toBe(400);
    expect((res.body as { data: unknown }).data).toEqual({});
  });

  it("answers 429 with Retry-After at exactly the limit, and resets after the duration", async () => {
    expect((await limits({ enabled: true, rules: [{ label: "/api/health", maxRequests: 3, duration: 1, audience: "@guest" }] })).status).toBe(200);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await health()).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await health();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(refused.body).toEqual({ code: 429, message: "Too Many Requests.", data: {} });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await health()).status).toBe(200);
  });

  it("counts guests by IP and signed-in callers by auth id, separately", async () => {
    await limits({ enabled: true, rules: [{ label: "/api/", maxRequests: 2, duration: 60, audience: "" }] });
    expect([(await health()).status, (await health()).status, (await health()).status]).toEqual([200, 200, 429]);
    // The same client signed in has its own counter.
    expect([(await health(userToken)).status, (await health(userToken)).status, (await health(userToken)).status]).toEqual([200, 200, 429]);
    // A forwarding header cannot buy a fresh counter (no trusted proxy is configured).
    expect((await call(cairn, { path: "/api/health", headers: { "x-forwarded-for": "10.9.8.7" } })).status).toBe(429);
  });

  it("limits a collection action by its tag", async () => {
    await limits({ enabled: true, rules: [{ label: "posts:create", maxRequests: 1, duration: 60, audience: "" }] });
    const create = () => call(cairn, { method: "POST", path: "/api/collections/posts/records", body: { title: "x" } });
    expect((await create()).status).toBe(200);
    expect((await create()).status).toBe(429);
    expect((await call(cairn, { path: "/api/collections/posts/records" })).status).toBe(200);
    expect((await health()).status).toBe(200);
  });

  it("counts every spelling of a route under its rule: the route and collection it resolves to, not the raw text", async () => {
    const rule = { label: "POST /api/collections/users2/auth-with-password", maxRequests: 2, duration: 120, audience: "@guest" };
    expect((await limits({ enabled: true, rules: [rule] })).status).toBe(200);
    const id = (await cairn.app.collections.find("users2"))!.id;
    const port = new URL(cairn.url).port;
    const guess = { identity: "u@example.com", password: "wrong-guess" };
    const tail = "/auth-with-password";
    const spellings = [
      `/api/collections/users2${tail}/`,
      `/api/collections/user%732${tail}`,
      `/%61pi/collections/users2${tail}`,
      `http://127.0.0.1:${port}/api/collections/users2${tail}`,
      `/api/collections/${id}${tail}`,
      `/api/collections/USERS2${tail}`,
    ];
    // Each spelling reaches the sign-in handler: the two allowed guesses answer its 400.
    expect(await rawStatus(cairn, "POST", spellings[0], guess)).toBe(400);
    expect(await rawStatus(cairn, "POST", spellings[1], guess)).toBe(400);
    const rest = [];
    for (const target of spellings) rest.push(await rawStatus(cairn, "POST", target, guess));
    expect(rest).toEqual(spellings.map(() => 429));
  });

  it("counts HEAD as GET, under a :list tag and a GET path label alike", async () => {
    await limits({ enabled: true, rules: [{ label: "posts:list", maxRequests: 1, duration: 120, audience: "" }] });
    expect(await rawStatus(cairn, "HEAD", "/api/collections/posts/records")).toBe(200);
    expect(await rawStatus(cairn, "GET", "/api/collections/posts/records")).toBe(429);
    await limits({ enabled: true, rules: [{ label: "GET /api/health", maxRequests: 1, duration: 120, audience: "" }] });
    expect((await health()).status).toBe(200);
    expect(await rawStatus(cairn, "HEAD", "/api/health")).toBe(429);
  });

  it("counts a batch's sub-requests against the rules they would match alone, all or none, before anything runs", async () => {
    await call(cairn, { method: "POST", path: "/api/collections", token: admin, body: { name: "notes", type: "base", schema: [{ name: "title", type: "text" }], createRule: "", updateRule: "", listRule: "" } });
    expect((await call(cairn, { method: "PATCH", path: "/api/settings", token: admin, body: { batch: { enabled: true, maxRequests: 50, timeout: 3, maxBodySize: 0 } } })).status).toBe(200);
    await limits({ enabled: true, rules: [{ label: "notes:create", maxRequests: 2, duration: 120, audience: "@guest" }] });
    const batch = (requests: unknown[], token?: string) => call(cairn, { method: "POST", path: "/api/batch", token, body: { requests } });
    const creates = (n: number, url = "/api/collections/notes/records") => Array.from({ length: n }, (_, i) => ({ method: "POST", url, body: { title: `b${i}` } }));
    const count = async () => (await call(cairn, { path: "/api/collections/notes/records", token: admin })).body as { totalItems: number };

    const refused = await batch(creates(3));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
    expect(refused.body).toEqual({ code: 429, message: "Too Many Requests.", data: {} });
    expect((await count()).totalItems).toBe(0);

    // The refused batch counted nothing: two creates still fit, then the rule is used up.
    expect((await batch(creates(2))).status).toBe(200);
    expect((await count()).totalItems).toBe(2);
    expect((await call(cairn, { method: "POST", path: "/api/collections/notes/records", body: { title: "alone" } })).status).toBe(429);
    // Neither the collection's id nor an upsert (a create when its record does not exist) escapes it.
    const id = (await cairn.app.collections.find("notes"))!.id;
    expect((await batch(creates(1, `/api/collections/${id}/records`))).status).toBe(429);
    expect((await batch([{ method: "PUT", url: "/api/collections/NOTES/records", body: { title: "upsert" } }])).status).toBe(429);
    // Other rules' callers are counted apart: the rule is for guests.
    expect((await batch(creates(3), userToken)).status).toBe(200);
    expect((await count()).totalItems).toBe(5);
  });

  it("turning limits off lets everything through again", async () => {
    await limits({ enabled: false });
    expect((await call(cairn, { method: "POST", path: "/api/collections/posts/records", body: { title: "y" } })).status).toBe(200);
  });
});
