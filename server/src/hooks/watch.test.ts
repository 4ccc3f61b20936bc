import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupTempDirs, referenceDataDir } from "../../test/support/dataDirs.js";
import { call } from "../../test/support/client.js";
import { hooksDir, startCairnWithHooks, type CairnWithHooks } from "../../test/support/hooks.js";

const version = (v: string) => `
routerAdd("GET", "/version", function (c) { return c.string(200, "${v}") });
onRecordBeforeCreateRequest(function (e) { e.record.set("name", "${v}") }, "users");
`;

/** Asks until the answer is what is expected (the reload takes a moment), at most 10 s. */
async function eventually<T>(ask: () => Promise<T>, expected: T): Promise<void> {
  const until = Date.now() + 10_000;
  let last: T = await ask();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    last = await ask();
  }
  expect(last).toEqual(expected);
}

describe("--hooksWatch", () => {
  let cairn: CairnWithHooks;
  let dir: string;

  beforeAll(async () => {
    dir = hooksDir({ "main.pb.js": version("v1") });
    cairn = await startCairnWithHooks(referenceDataDir(), dir, { watch: true });
  }, 60_000);

  afterAll(async () => {
    await cairn?.stop();
    cleanupTempDirs();
  });

  it("loads a changed file again: its routes and record hooks change at once, a new route waits for a restart", async () => {
    expect((await call(cairn, { path: "/version" })).body).toBe("v1");
    writeFileSync(path.join(dir, "main.pb.js"), version("v2") + `routerAdd("GET", "/added", function (c) { return c.string(200, "new") });\n`);
    await eventually(async () => (await call(cairn, { path: "/version" })).body, "v2");
    const created = await call(cairn, { method: "POST", path: "/api/collections/users/records", body: { email: "w@example.com", password: "1234567890", passwordConfirm: "1234567890" } });
    expect((created.body as { name: string }).name).toBe("v2");
    expect((await call(cairn, { path: "/added" })).status).toBe(404);
    expect(cairn.logged).toContain("pb_hooks: GET /added is new: it is served after a restart");
  });

  it("answers 404 for a route a change took away, and keeps serving after a file that does not parse", async () => {
    writeFileSync(path.join(dir, "main.pb.js"), `onRecordBeforeCreateRequest(function (e) {}, "users");\n`);
    await eventually(async () => (await call(cairn, { path: "/version" })).status, 404);
    writeFileSync(path.join(dir, "main.pb.js"), version("v3") + "var = ;\n");
    await eventually(() => Promise.resolve(cairn.logged.some((l) => /Failed to execute main\.pb\.js: .*main\.pb\.js:4/.test(l))), true);
    expect((await call(cairn, { path: "/api/health" })).status).toBe(200);
    writeFileSync(path.join(dir, "main.pb.js"), version("v4"));
    await eventually(async () => (await call(cairn, { path: "/version" })).body, "v4");
  });
});
