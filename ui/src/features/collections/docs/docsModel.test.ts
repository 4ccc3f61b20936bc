import { describe, expect, it } from "vitest";
import type { Collection } from "../../../data/collections/types";
import { docsTabs, exampleRecord, recordBodyParams, dartLiteral } from "./docsModel";
import { TAB_LOADERS } from "./tabLoaders";
import { cairnDocsTabs, FACTOR_DOCS_TABS } from "./docsModel";

const base: Collection = {
  id: "c1",
  created: "",
  updated: "",
  name: "posts",
  type: "base",
  system: false,
  schema: [
    { id: "1", name: "title", type: "text", system: false, required: true, presentable: false, options: {} },
    { id: "2", name: "tags", type: "select", system: false, required: false, presentable: false, options: { values: ["a", "b", "c"], maxSelect: 2 } },
    { id: "3", name: "author", type: "relation", system: false, required: false, presentable: false, options: { collectionId: "u", maxSelect: 1 } },
    { id: "4", name: "files", type: "file", system: false, required: false, presentable: false, options: { maxSelect: 5 } },
  ],
  indexes: [],
  listRule: null,
  viewRule: "",
  createRule: null,
  updateRule: null,
  deleteRule: null,
  options: {},
};

describe("API docs model", () => {
  it("lists the tabs per type and auth options", () => {
    expect(docsTabs(base)).toEqual(["list", "view", "create", "update", "delete", "realtime"]);
    expect(docsTabs({ type: "view", options: {} })).toEqual(["list", "view"]);
    const auth = docsTabs({ type: "auth", options: { allowUsernameAuth: false, allowEmailAuth: true, allowOAuth2Auth: false } });
    expect(auth).toContain("auth-with-password");
    expect(auth).not.toContain("auth-with-oauth2");
    expect(auth).toHaveLength(6 + 11);
    const none = docsTabs({ type: "auth", options: { allowUsernameAuth: false, allowEmailAuth: false, allowOAuth2Auth: true } });
    expect(none).not.toContain("auth-with-password");
    expect(none).toContain("auth-with-oauth2");
  });

  it("builds example records and body params from the schema", () => {
    expect(exampleRecord(base)).toEqual({
      id: "RECORD_ID",
      collectionId: "c1",
      collectionName: "posts",
      created: "2022-01-01 10:00:00.123Z",
      updated: "2022-01-01 10:00:00.123Z",
      title: "test",
      tags: ["a", "b"],
      author: "RELATION_RECORD_ID",
      files: ["filename.jpg"],
    });
    const params = recordBodyParams(base, "create");
    expect(params.map((p) => p.name)).toEqual(["id", "title", "tags", "author", "files"]);
    expect(params.find((p) => p.name === "title")?.required).toBe(true);
    expect(params.find((p) => p.name === "files")?.type).toBe("Array<File>");
    expect(dartLiteral({ a: "it's", b: [1, true] })).toBe("{\n  'a': 'it\\'s',\n  'b': [1, true],\n}");
  });

  it("builds Cairn's export and import tabs (import not for views)", async () => {
    expect(cairnDocsTabs(base)).toEqual(["export", "import"]);
    expect(cairnDocsTabs({ ...base, type: "view" })).toEqual(["export"]);
    const env = { baseUrl: "http://127.0.0.1:8090", collections: [] };
    const exp = (await TAB_LOADERS.export()).default(base, env);
    expect([exp.method, exp.path]).toEqual(["GET", `/api/collections/${base.name}/records/export`]);
    const imp = (await TAB_LOADERS.import()).default(base, env);
    expect([imp.method, imp.path]).toEqual(["POST", `/api/collections/${base.name}/records/import`]);
    // the file field "files" is not one of the row's fields
    expect(imp.bodyParams?.[0].description).toContain("id, title, tags, author (no files)");
  });

  it("builds every tab of an auth collection", async () => {
    const auth: Collection = { ...base, type: "auth", options: { allowUsernameAuth: true, allowEmailAuth: true, allowOAuth2Auth: true, minPasswordLength: 8 } };
    for (const tab of docsTabs(auth)) {
      const spec = (await TAB_LOADERS[tab]()).default(auth, { baseUrl: "http://127.0.0.1:8090", collections: [] });
      expect(spec.path).toMatch(/^\/api\//);
      expect(spec.js).toContain("new PocketBase('http://127.0.0.1:8090')");
      expect(spec.dart).toContain("PocketBase('http://127.0.0.1:8090')");
      expect(spec.responses.length).toBeGreaterThan(0);
    }
  });

  it("documents the OTP and TOTP calls of auth collections on Cairn", async () => {
    const auth: Collection = { ...base, name: "users", type: "auth", options: { allowEmailAuth: true, otp: { enabled: true, duration: 300, length: 6 }, mfa: { enabled: true, duration: 600, rule: "" } } };
    expect(cairnDocsTabs(auth)).toEqual(["export", "import", "request-otp", "auth-with-otp", "auth-with-totp", "totp-setup", "totp-confirm", "totp-remove"]);
    expect(cairnDocsTabs(base)).not.toContain("request-otp");
    const env = { baseUrl: "http://127.0.0.1:8090", collections: [] };
    const specs = await Promise.all(FACTOR_DOCS_TABS.map(async (t) => (await TAB_LOADERS[t]()).default(auth, env)));
    expect(specs.map((s) => `${s.method} ${s.path}`)).toEqual([
      "POST /api/collections/users/request-otp",
      "POST /api/collections/users/auth-with-otp",
      "POST /api/collections/users/auth-with-totp",
      "POST /api/collections/users/records/:id/totp",
      "POST /api/collections/users/records/:id/totp/confirm",
      "DELETE /api/collections/users/records/:id/totp",
    ]);
    // the collection's own settings show in the text
    expect(specs[1].bodyParams?.find((p) => p.name === "password")?.description).toContain("6 digits");
    expect(specs[1].notes?.[0]).toContain("300 seconds");
    expect(specs[2].notes?.[0]).toContain("within 600 seconds");
    expect(specs[2].bodyParams?.map((p) => p.name)).toEqual(["mfaId", "code"]);
    const password = (await TAB_LOADERS["auth-with-password"]()).default(auth, env);
    expect(password.notes?.some((n) => n.includes("401 with an mfaId"))).toBe(true);
  });
});
