import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupTempDirs, referenceDataDir } from "../../test/support/dataDirs.js";
import { adminToken, call, mask, type Call } from "../../test/support/client.js";
import type { RunningServer } from "../../test/support/servers.js";
import { hooksDir, startCairnWithHooks, startReferenceWithHooks } from "../../test/support/hooks.js";

/** Record and model hooks as PocketBase v0.22's users write them, with collection filters. */
const HOOKS = `
onRecordBeforeCreateRequest(function (e) {
  var title = e.record.getString("title");
  if (title === "forbidden") throw new BadRequestError("titles like that are refused");
  if (title === "plain") throw new Error("a plain error");
  e.record.set("title", title + " (checked)");
  e.record.set("note", "by " + (e.httpContext.get("admin") ? "admin" : "guest") + " via " + e.httpContext.request().method + " in " + e.collection.name);
}, "posts");
onModelBeforeCreate(function (e) {
  e.model.set("views", e.model.getInt("views") + 7);
}, "posts");
onRecordAfterCreateRequest(function (e) {
  var audit = $app.dao().findCollectionByNameOrId("audit");
  $app.dao().saveRecord(new Record(audit, { what: "created " + e.record.getString("title") }));
}, "posts");
onRecordBeforeUpdateRequest(function (e) {
  if (e.record.getInt("views") > 100) throw new ForbiddenError("too many views");
  e.record.set("note", "updated");
}, "posts");
onRecordAfterUpdateRequest(function (e) {
  var audit = $app.dao().findCollectionByNameOrId("audit");
  $app.dao().saveRecord(new Record(audit, { what: "updated " + e.record.getString("title") + " to " + e.record.getInt("views") }));
}, "posts");
onRecordBeforeDeleteRequest(function (e) {
  if (e.record.getString("title").indexOf("keep") === 0) throw new BadRequestError("this one stays");
}, "posts");
onRecordAfterDeleteRequest(function (e) {
  var audit = $app.dao().findCollectionByNameOrId("audit");
  $app.dao().saveRecord(new Record(audit, { what: "deleted " + e.record.getString("title") }));
}, "posts");
onRecordBeforeCreateRequest(function (e) {
  throw new BadRequestError("never for posts");
}, "others");
onRecordViewRequest(function (e) {
  if (e.record.getString("title").indexOf("secret") === 0) throw new ForbiddenError("not for your eyes");
  e.record.set("title", e.record.getString("title").toUpperCase());
}, "posts");
onRecordsListRequest(function (e) {
  for (var i = 0; i < e.records.length; i++) e.records[i].set("note", "listed " + i);
}, "posts");
onRecordAuthRequest(function (e) {
  if (e.record.email() === "blocked@example.com") throw new ForbiddenError("blocked account");
  if (!e.token) throw new BadRequestError("no token");
}, "users");
`;

/** Values each server makes its own (the collections are made apart on each). */
const VOLATILE = new Set(["id", "created", "updated", "token", "collectionId", "username"]);
const masked = (v: unknown) => mask(v, VOLATILE);

const text = (name: string) => ({ name, type: "text", options: {} });
const COLLECTIONS = [
  { name: "posts", type: "base", listRule: "", viewRule: "", createRule: "", updateRule: "", deleteRule: "", schema: [text("title"), text("note"), { name: "views", type: "number", options: {} }] },
  { name: "audit", type: "base", listRule: "", schema: [text("what")] },
  { name: "others", type: "base", listRule: "", createRule: "", schema: [text("title")] },
];

describe("pb_hooks record and model hooks, differential", () => {
  let ref: RunningServer;
  let cairn: RunningServer;
  const servers = () => [ref, cairn];

  /** Both servers answer the same status and body (ids and times masked); the reference's answer. */
  async function same(c: Call) {
    const answers = await Promise.all(servers().map((s) => call(s, c)));
    const [r, k] = answers.map((a) => ({ status: a.status, body: masked(a.body) }));
    expect(k, `${c.method ?? "GET"} ${c.path}`).toEqual(r);
    return answers[0]!;
  }
  const titles = async (s: RunningServer, collection: string, field: string) =>
    ((await call(s, { path: `/api/collections/${collection}/records?sort=created,${field}&perPage=100` })).body as { items: Record<string, unknown>[] }).items.map((i) => i[field]);

  beforeAll(async () => {
    const data = referenceDataDir();
    const dir = hooksDir({ "records.pb.js": HOOKS });
    [ref, cairn] = await Promise.all([startReferenceWithHooks(data, dir), startCairnWithHooks(data, dir)]);
    for (const s of servers()) {
      const token = await adminToken(s);
      for (const c of COLLECTIONS) expect((await call(s, { method: "POST", path: "/api/collections", body: c, token })).status).toBe(200);
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all([ref?.stop(), cairn?.stop()]);
    cleanupTempDirs();
  });

  it("runs before create hooks that change the record, and the after hook's dao write", async () => {
    const created = await same({ method: "POST", path: "/api/collections/posts/records", body: { title: "hello", views: 1 } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ title: "hello (checked)", note: "by guest via POST in posts", views: 8 });
    for (const s of servers()) expect(await titles(s, "audit", "what")).toEqual(["created hello (checked)"]);
  });

  it("refuses a create a before hook throws on, and writes nothing", async () => {
    const refused = await same({ method: "POST", path: "/api/collections/posts/records", body: { title: "forbidden" } });
    expect(refused.status).toBe(400);
    await same({ method: "POST", path: "/api/collections/posts/records", body: { title: "plain" } });
    await same({ method: "POST", path: "/api/collections/others/records", body: { title: "x" } });
    for (const s of servers()) expect(await titles(s, "posts", "title")).toEqual(["hello (checked)"]);
    for (const s of servers()) expect(await titles(s, "others", "title")).toEqual([]);
  });

  it("runs update hooks: a refusal, then a change the before hook amends", async () => {
    const ids = await Promise.all(servers().map(async (s) => ((await call(s, { path: "/api/collections/posts/records" })).body as { items: { id: string }[] }).items[0]!.id));
    const patch = async (body: unknown) => {
      const answers = await Promise.all(servers().map((s, i) => call(s, { method: "PATCH", path: `/api/collections/posts/records/${ids[i]}`, body })));
      expect(masked(answers[1]!.body)).toEqual(masked(answers[0]!.body));
      expect(answers[1]!.status).toBe(answers[0]!.status);
      return answers[0]!;
    };
    expect((await patch({ views: 500 })).status).toBe(403);
    const ok = await patch({ views: 50 });
    expect(ok.body).toMatchObject({ note: "updated", views: 50 });
    for (const s of servers()) expect(await titles(s, "audit", "what")).toEqual(["created hello (checked)", "updated hello (checked) to 50"]);
  });

  it("runs onRecordAuthRequest before a sign-in answers: a throw refuses it", async () => {
    for (const email of ["blocked@example.com", "fine@example.com"]) {
      for (const s of servers()) {
        expect((await call(s, { method: "POST", path: "/api/collections/users/records", body: { email, password: "1234567890", passwordConfirm: "1234567890" } })).status).toBe(200);
      }
    }
    const signIn = (identity: string) => ({ method: "POST", path: "/api/collections/users/auth-with-password", body: { identity, password: "1234567890" } });
    expect((await same(signIn("blocked@example.com"))).status).toBe(403);
    expect((await same(signIn("fine@example.com"))).status).toBe(200);
  });

  it("runs onRecordViewRequest and onRecordsListRequest: the records they change are answered, a throw refuses", async () => {
    for (const s of servers()) for (const title of ["seen", "secret one"]) await call(s, { method: "POST", path: "/api/collections/posts/records", body: { title } });
    const list = await same({ path: "/api/collections/posts/records?sort=created&perPage=100" });
    const items = (list.body as { items: { id: string; title: string; note: string }[] }).items;
    expect(items.map((i) => i.note)).toEqual(items.map((_, i) => `listed ${i}`));
    const ids = await Promise.all(servers().map(async (s) => ((await call(s, { path: "/api/collections/posts/records?sort=created&perPage=100" })).body as { items: { id: string; title: string }[] }).items));
    for (const title of ["seen (checked)", "secret one (checked)"]) {
      const answers = await Promise.all(servers().map((s, i) => call(s, { path: `/api/collections/posts/records/${ids[i]!.find((x) => x.title === title)!.id}` })));
      expect({ status: answers[1]!.status, body: masked(answers[1]!.body) }).toEqual({ status: answers[0]!.status, body: masked(answers[0]!.body) });
    }
    const seen = await call(servers()[1]!, { path: `/api/collections/posts/records/${ids[1]!.find((x) => x.title === "seen (checked)")!.id}` });
    expect((seen.body as { title: string }).title).toBe("SEEN (CHECKED)");
  });

  it("runs delete hooks: a refusal keeps the record, a delete is audited", async () => {
    for (const s of servers()) await call(s, { method: "POST", path: "/api/collections/posts/records", body: { title: "keep me" } });
    const del = async (title: string) => {
      const answers = await Promise.all(
        servers().map(async (s) => {
          const items = ((await call(s, { path: "/api/collections/posts/records?perPage=100" })).body as { items: { id: string; title: string }[] }).items;
          return call(s, { method: "DELETE", path: `/api/collections/posts/records/${items.find((i) => i.title.startsWith(title))!.id}` });
        }),
      );
      expect({ status: answers[1]!.status, body: answers[1]!.body }).toEqual({ status: answers[0]!.status, body: answers[0]!.body });
      return answers[0]!;
    };
    expect((await del("keep")).status).toBe(400);
    expect((await del("hello")).status).toBe(204);
    for (const s of servers()) expect(await titles(s, "posts", "title")).toEqual(["seen (checked)", "secret one (checked)", "keep me (checked)"]);
    for (const s of servers()) expect((await titles(s, "audit", "what")).at(-1)).toBe("deleted hello (checked)");
  });
});
