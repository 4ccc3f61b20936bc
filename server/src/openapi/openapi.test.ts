import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import { Secret, TOTP } from "otpauth";
import { adminToken, call } from "../../test/support/client.js";
import { cairnDataDir, cleanupTempDirs } from "../../test/support/dataDirs.js";
import { startCairn, type RunningCairn } from "../../test/support/servers.js";
import { everyFieldType } from "../../test/support/fieldTypes.js";

type Doc = { openapi: string; paths: Record<string, Record<string, { description?: string; requestBody?: { content: Record<string, { schema: unknown }> } }>>; components: { schemas: Record<string, { properties: Record<string, Record<string, unknown>>; required?: string[] }> } };

describe("GET /api/openapi.json", () => {
  let cairn: RunningCairn;
  let token: string;
  const doc = async () => (await call(cairn, { path: "/api/openapi.json", token })).body as Doc;

  beforeAll(async () => {
    cairn = await startCairn(await cairnDataDir());
    token = await adminToken(cairn);
    const posts = await call(cairn, { method: "POST", path: "/api/collections", token, body: { name: "posts", type: "base", schema: [{ name: "name", type: "text" }], listRule: "", viewRule: "", createRule: "" } });
    const postsId = (posts.body as { id: string }).id;
    const all = await call(cairn, { method: "POST", path: "/api/collections", token, body: { name: "everything", type: "base", schema: everyFieldType(postsId), listRule: "", viewRule: "", createRule: "", updateRule: "title != ''", deleteRule: null } });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    await call(cairn, { method: "POST", path: "/api/collections", token, body: { name: "members", type: "auth", schema: [{ name: "nick", type: "text" }], options: { allowEmailAuth: true, minPasswordLength: 8 } } });
    await call(cairn, { method: "POST", path: "/api/collections", token, body: { name: "titles", type: "view", options: { query: "SELECT id, title FROM everything" } } });
  });

  afterAll(async () => {
    await cairn.stop();
    cleanupTempDirs();
  });

  /** Checks an answer against the schema the document gives for that path, method and status. */
  function conformance(doc: Doc): (route: string, method: string, status: number, body: unknown) => void {
    const d = doc as unknown as { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }>; $ref?: string }> }>> };
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema(d, "doc");
    const pointer = (p: string) => p.replace(/~/g, "~0").replace(/\//g, "~1");
    return (route, method, status, body) => {
      const declared = d.paths[route]?.[method]?.responses[String(status)];
      expect(declared, `${method} ${route} ${status} is documented`).toBeDefined();
      // Shared answers (errors) are references into components.responses.
      const at = declared!.$ref ? declared!.$ref.slice(1) : `/paths/${pointer(route)}/${method}/responses/${status}`;
      const resolved = declared!.$ref ? (d as unknown as { components: { responses: Record<string, { content?: unknown }> } }).components.responses[at.split("/").pop()!] : declared;
      if (!resolved!.content) return expect(body).toBeNull();
      const valid = ajv.validate({ $ref: `doc#${at}/content/application~1json/schema` }, body);
      expect(ajv.errors ?? [], `${method} ${route} ${status}`).toEqual([]);
      expect(valid).toBe(true);
    };
  }

  it("is for admins only unless the setting opens it", async () => {
    expect((await call(cairn, { path: "/api/openapi.json" })).status).toBe(401);
    await call(cairn, { method: "PATCH", path: "/api/settings", token, body: { openApi: { public: true } } });
    expect((await call(cairn, { path: "/api/openapi.json" })).status).toBe(200);
    await call(cairn, { method: "PATCH", path: "/api/settings", token, body: { openApi: { public: false } } });
    expect((await call(cairn, { path: "/api/openapi.json" })).status).toBe(401);
  });

  it("is a valid OpenAPI 3.1 document for a schema with every field type", async () => {
    const d = await doc();
    expect(d.openapi).toBe("3.1.0");
    const result = await new Validator().validate(d as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("describes each collection's fields, rules and endpoints", async () => {
    const d = await doc();
    const rec = d.components.schemas.everythingRecord;
    expect(rec.properties.status).toEqual({ type: "string", enum: ["draft", "published", ""] });
    expect(rec.properties.labels).toMatchObject({ type: "array", items: { enum: ["a", "b", "c"] }, maxItems: 3 });
    expect(rec.properties.score).toMatchObject({ type: "integer", maximum: 10 });
    expect(rec.properties.parent).toMatchObject({ type: "string", description: "Id of a `posts` record." });
    expect(rec.properties.related).toMatchObject({ type: "array" });
    expect(rec.properties.done).toEqual({ type: "boolean" });
    const create = d.components.schemas.everythingCreateMultipart;
    expect(create.properties.cover).toEqual({ type: "string", format: "binary" });
    expect(create.properties.gallery).toMatchObject({ type: "array", items: { type: "string", format: "binary" }, maxItems: 5 });
    expect(create.required).toEqual(["title"]);
    expect(Object.keys(d.paths["/api/collections/everything/records"])).toEqual(["get", "post"]);
    expect(Object.keys(d.paths["/api/collections/everything/records/{id}"])).toEqual(["get", "patch", "delete"]);
    expect(d.paths["/api/collections/everything/records/{id}"].patch.description).toBe("API rule: `title != ''` (admins bypass it).");
    expect(d.paths["/api/collections/everything/records/{id}"].delete.description).toBe("Admins only.");
    expect(d.paths["/api/collections/everything/records"].get.description).toBe("Everybody (empty rule).");
    // view collections are read-only; auth collections get their auth endpoints and fields
    expect(Object.keys(d.paths["/api/collections/titles/records"])).toEqual(["get"]);
    expect(d.paths["/api/collections/members/auth-with-password"]).toBeDefined();
    expect(d.components.schemas.membersCreate.required).toEqual(["password", "passwordConfirm"]);
    expect(d.components.schemas.membersRecord.properties.verified).toEqual({ type: "boolean" });
    for (const p of ["/api/health", "/api/admins", "/api/collections", "/api/settings", "/api/logs", "/api/batch"]) expect(d.paths[p]).toBeDefined();
  });

  it("describes sign-in beyond passwords: one-time codes, MFA and authenticator apps", async () => {
    const d = (await doc()) as unknown as { paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: { content: Record<string, { schema: { properties: object } }> } }>> };
    const methods = (p: string) => Object.keys(d.paths[p] ?? {});
    const m = "/api/collections/members";
    expect(methods(`${m}/request-otp`)).toEqual(["post"]);
    expect(methods(`${m}/auth-with-otp`)).toEqual(["post"]);
    expect(methods(`${m}/auth-with-totp`)).toEqual(["post"]);
    expect(methods(`${m}/records/{id}/totp`)).toEqual(["post", "delete"]);
    expect(methods(`${m}/records/{id}/totp/confirm`)).toEqual(["post"]);
    expect(methods("/api/admins/auth-with-totp")).toEqual(["post"]);
    expect(methods("/api/admins/{id}/totp")).toEqual(["post", "delete"]);
    expect(methods("/api/admins/{id}/totp/confirm")).toEqual(["post"]);
    expect(d.paths[`${m}/auth-with-password`]!.post!.responses["401"]).toEqual({ $ref: "#/components/responses/MfaRequired" });
    expect(Object.keys(d.paths[`${m}/auth-with-otp`]!.post!.requestBody!.content["application/json"]!.schema.properties)).toEqual(["otpId", "password", "mfaId"]);
    // A real first-method answer matches the MfaRequired schema.
    await call(cairn, { method: "PATCH", path: "/api/collections/members", token, body: { options: { mfa: { enabled: true } } } });
    await call(cairn, { method: "POST", path: "/api/collections/members/records", token, body: { email: "mfa@example.com", password: "12345678", passwordConfirm: "12345678" } });
    const first = await call(cairn, { method: "POST", path: `${m}/auth-with-password`, body: { identity: "mfa@example.com", password: "12345678" } });
    await call(cairn, { method: "PATCH", path: "/api/collections/members", token, body: { options: { mfa: { enabled: false } } } });
    expect(first.status).toBe(401);
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema(d, "doc");
    expect(ajv.validate({ $ref: "doc#/components/schemas/MfaRequired" }, first.body)).toBe(true);
  });

  it("lists every backups endpoint, and the progress answer matches its schema", async () => {
    const d = await doc();
    const methods = (p: string) => Object.keys(d.paths[p] ?? {});
    expect(methods("/api/backups")).toEqual(["get", "post"]);
    expect(methods("/api/backups/upload")).toEqual(["post"]);
    expect(methods("/api/backups/progress")).toEqual(["get"]);
    expect(methods("/api/backups/{key}")).toEqual(["get", "delete"]);
    expect(methods("/api/backups/{key}/restore")).toEqual(["post"]);
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema(d, "doc");
    const schema = { $ref: "doc#/paths/~1api~1backups~1progress/get/responses/200/content/application~1json/schema" };
    const idle = await call(cairn, { path: "/api/backups/progress", token });
    expect(ajv.validate(schema, idle.body), JSON.stringify(ajv.errors)).toBe(true);
    const running = { running: true, action: "backup", key: "a.zip", phase: "zip", done: 1, total: 2, startedAt: "2024-01-01 00:00:00.000Z" };
    expect(ajv.validate(schema, running)).toBe(true);
    expect(ajv.validate(schema, { ...running, phase: "nope" })).toBe(false);
  });

  it("real answers match the document's schemas", async () => {
    const d = await doc();
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema(d, "doc");
    const check = (schema: string, value: unknown) => {
      const valid = ajv.validate({ $ref: `doc#/components/schemas/${schema}` }, value);
      expect(ajv.errors ?? [], schema).toEqual([]);
      expect(valid).toBe(true);
    };
    const post = await call(cairn, { method: "POST", path: "/api/collections/posts/records", body: { name: "p" } });
    const postId = (post.body as { id: string }).id;
    const form = new FormData();
    form.append("@jsonPayload", JSON.stringify({ title: "t", score: 3, ratio: 0.5, done: true, contact: "a@example.com", site: "https://example.com", due: "2024-01-02 03:04:05.000Z", status: "draft", labels: ["a", "c"], meta: { x: [1] }, parent: postId, related: [postId] }));
    form.append("cover", new Blob(["c"], { type: "text/plain" }), "c.txt");
    form.append("gallery", new Blob(["g"], { type: "text/plain" }), "g.txt");
    const res = await fetch(`${cairn.url}/api/collections/everything/records`, { method: "POST", body: form });
    expect(res.status).toBe(200);
    const full = await res.json();
    check("everythingRecord", full);
    const empty = await call(cairn, { method: "POST", path: "/api/collections/everything/records", body: { title: "only" } });
    check("everythingRecord", empty.body);
    const list = await call(cairn, { path: "/api/collections/everything/records" });
    for (const item of (list.body as { items: unknown[] }).items) check("everythingRecord", item);
    const member = await call(cairn, { method: "POST", path: "/api/collections/members/records", token, body: { email: "m@example.com", password: "12345678", passwordConfirm: "12345678" } });
    check("membersRecord", member.body);
    const view = await call(cairn, { path: "/api/collections/titles/records", token });
    for (const item of (view.body as { items: unknown[] }).items) check("titlesRecord", item);
    // and the negative: a wrong value is caught
    expect(ajv.validate({ $ref: "doc#/components/schemas/everythingRecord" }, { ...full, status: "nope" })).toBe(false);
  });

  it("every record operation of a collection answers as its operation in the document says", async () => {
    const conforms = conformance(await doc());
    const base = "/api/collections/everything/records";
    const created = await call(cairn, { method: "POST", path: base, token, body: { title: "contract", status: "published", labels: ["b"] } });
    conforms(base, "post", created.status, created.body);
    const id = (created.body as { id: string }).id;
    const listed = await call(cairn, { path: `${base}?filter=${encodeURIComponent(`id='${id}'`)}`, token });
    conforms(base, "get", listed.status, listed.body);
    const viewed = await call(cairn, { path: `${base}/${id}`, token });
    conforms(`${base}/{id}`, "get", viewed.status, viewed.body);
    const updated = await call(cairn, { method: "PATCH", path: `${base}/${id}`, token, body: { score: 7 } });
    conforms(`${base}/{id}`, "patch", updated.status, updated.body);
    const refused = await call(cairn, { method: "PATCH", path: `${base}/${id}`, token, body: { status: "nope" } });
    conforms(`${base}/{id}`, "patch", refused.status, refused.body);
    const deleted = await call(cairn, { method: "DELETE", path: `${base}/${id}`, token });
    conforms(`${base}/{id}`, "delete", deleted.status, deleted.body);
    const gone = await call(cairn, { path: `${base}/${id}`, token });
    conforms(`${base}/{id}`, "get", gone.status, gone.body);
    await call(cairn, { method: "POST", path: "/api/collections/members/records", body: { email: "c@example.com", password: "12345678", passwordConfirm: "12345678" } });
    const signIn = await call(cairn, { method: "POST", path: "/api/collections/members/auth-with-password", body: { identity: "c@example.com", password: "12345678" } });
    conforms("/api/collections/members/auth-with-password", "post", signIn.status, signIn.body);
    const badSignIn = await call(cairn, { method: "POST", path: "/api/collections/members/auth-with-password", body: { identity: "c@example.com", password: "wrong-one" } });
    conforms("/api/collections/members/auth-with-password", "post", badSignIn.status, badSignIn.body);
  });

  it("the sign-in factor endpoints answer as the document says", async () => {
    const conforms = conformance(await doc());
    const m = "/api/collections/members";
    const answer = async (route: string, method: string, c: Parameters<typeof call>[1]) => {
      const res = await call(cairn, { method: method.toUpperCase(), ...c });
      conforms(route, method, res.status, res.body);
      return res;
    };
    // OTP off: 403; on: an otpId, and a bad email is a 400.
    await answer(`${m}/request-otp`, "post", { path: `${m}/request-otp`, body: { email: "otp@example.com" } });
    await call(cairn, { method: "PATCH", path: m, token, body: { options: { otp: { enabled: true } } } });
    expect((await answer(`${m}/request-otp`, "post", { path: `${m}/request-otp`, body: { email: "otp@example.com" } })).status).toBe(200);
    expect((await answer(`${m}/request-otp`, "post", { path: `${m}/request-otp`, body: { email: "nope" } })).status).toBe(400);
    expect((await answer(`${m}/auth-with-otp`, "post", { path: `${m}/auth-with-otp`, body: { otpId: "x", password: "1" } })).status).toBe(400);
    await call(cairn, { method: "PATCH", path: m, token, body: { options: { otp: { enabled: false } } } });

    // A record's authenticator app: 401 without a token, set up, confirm, then the second step.
    const made = await call(cairn, { method: "POST", path: `${m}/records`, token, body: { email: "totp@example.com", password: "12345678", passwordConfirm: "12345678" } });
    const id = (made.body as { id: string }).id;
    const totp = `${m}/records/{id}/totp`;
    expect((await answer(totp, "post", { path: `${m}/records/${id}/totp` })).status).toBe(401);
    const setup = await answer(totp, "post", { path: `${m}/records/${id}/totp`, token });
    expect(setup.status).toBe(200);
    const app = new TOTP({ secret: Secret.fromBase32((setup.body as { secret: string }).secret) });
    expect((await answer(`${totp}/confirm`, "post", { path: `${m}/records/${id}/totp/confirm`, token, body: { code: "x" } })).status).toBe(400);
    expect((await answer(`${totp}/confirm`, "post", { path: `${m}/records/${id}/totp/confirm`, token, body: { code: app.generate({ timestamp: Date.now() - 30_000 }) } })).status).toBe(204);
    const viewed = await answer(`${m}/records/{id}`, "get", { path: `${m}/records/${id}`, token });
    expect((viewed.body as { totp?: boolean }).totp).toBe(true);
    const first = await answer(`${m}/auth-with-password`, "post", { path: `${m}/auth-with-password`, body: { identity: "totp@example.com", password: "12345678" } });
    expect(first.status).toBe(401);
    const mfaId = (first.body as { mfaId: string }).mfaId;
    expect((await answer(`${m}/auth-with-totp`, "post", { path: `${m}/auth-with-totp`, body: { mfaId, code: "000000" === app.generate() ? "111111" : "000000" } })).status).toBe(400);
    const second = await answer(`${m}/auth-with-totp`, "post", { path: `${m}/auth-with-totp`, body: { mfaId, code: app.generate() } });
    expect(second.status).toBe(200);
    expect((await answer(totp, "delete", { path: `${m}/records/${id}/totp`, token })).status).toBe(204);
    expect((await answer(totp, "delete", { path: `${m}/records/${id}/totp`, token })).status).toBe(404);
  });

  it("describes records export and import, and their answers conform", async () => {
    const d = await doc();
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema(d, "doc");
    const answer = (route: string, method: string) => ({ $ref: `doc#/paths/${route.replace(/\//g, "~1")}/${method}/responses/200/content/application~1json/schema` });
    expect(Object.keys(d.paths["/api/collections/titles/records/export"])).toEqual(["get"]);
    expect(d.paths["/api/collections/titles/records/import"]).toBeUndefined();
    expect(d.paths["/api/collections/everything/records/import"].post.description).toContain("Everybody (empty rule).");
    const imported = await call(cairn, { method: "POST", path: "/api/collections/everything/records/import", token, body: { rows: [{ title: "imp" }, { status: "nope" }] } });
    expect((imported.body as { failed: number }).failed).toBe(1);
    expect(ajv.validate(answer("/api/collections/everything/records/import", "post"), imported.body), JSON.stringify(ajv.errors)).toBe(true);
    const exported = await fetch(`${cairn.url}/api/collections/everything/records/export?format=json`, { headers: { authorization: token } });
    expect(ajv.validate(answer("/api/collections/everything/records/export", "get"), await exported.json()), JSON.stringify(ajv.errors)).toBe(true);
  });

  it("follows collection changes at once", async () => {
    await call(cairn, { method: "POST", path: "/api/collections", token, body: { name: "later", type: "base", schema: [{ name: "x", type: "bool" }] } });
    expect((await doc()).paths["/api/collections/later/records"]).toBeDefined();
    await call(cairn, { method: "PATCH", path: "/api/collections/later", token, body: { schema: [{ name: "y", type: "number" }] } });
    expect(Object.keys((await doc()).components.schemas.laterRecord.properties)).toContain("y");
    await call(cairn, { method: "DELETE", path: "/api/collections/later", token });
    expect((await doc()).paths["/api/collections/later/records"]).toBeUndefined();
  });
});
