/**
 * Record files served through view collections, against the reference: the view's own
 * field options (`protected`, `thumbs`) and view rule decide, the `?token=` file token is
 * the only auth a protected file reads, and the bytes come from the source record that
 * holds the file (through aliases, ROW_NUMBER ids, joins and views of views).
 * The data is made by the reference binary once, so both servers hold the same files.
 */
import Database from "better-sqlite3";
import path from "node:path";
import { describe, expect } from "vitest";
import { adminToken, call, type Answer } from "../../test/support/client.js";
import { differential, type Ctx, type DiffCase } from "../../test/support/differential.js";
import { startReference, type RunningServer } from "../../test/support/servers.js";
import { rid } from "../../test/support/records.js";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const D1 = rid("doc1"), D2 = rid("doc2"), U1 = rid("usr1"), U2 = rid("usr2"), O1 = rid("oth1");

/** Stored file names (random), read from the reference's answers during setup. */
const names: Record<string, string> = {};

async function must(s: RunningServer, req: Parameters<typeof call>[1]): Promise<Record<string, unknown>> {
  const res = await call(s, req);
  if (res.status !== 200) throw new Error(`${req.method ?? "GET"} ${req.path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Record<string, unknown>;
}

async function upload(s: RunningServer, token: string, p: string, parts: [string, string | [string, Buffer]][]): Promise<Record<string, unknown>> {
  const fd = new FormData();
  for (const [k, v] of parts) typeof v === "string" ? fd.append(k, v) : fd.append(k, new Blob([new Uint8Array(v[1])]), v[0]);
  const res = await fetch(s.url + p, { method: p.endsWith("records") ? "POST" : "PATCH", body: fd, headers: { authorization: token } });
  const body = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200) throw new Error(`upload ${p}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** Collections, records and views made by the reference; one view's field options are then edited in the database. */
async function setup(dir: string): Promise<void> {
  const s = await startReference(dir);
  try {
    const token = await adminToken(s);
    const collection = (body: object) => must(s, { method: "POST", path: "/api/collections", token, body });
    for (const [id, email] of [[U1, "u1@example.com"], [U2, "u2@example.com"]]) {
      await must(s, { method: "POST", path: "/api/collections/users/records", token, body: { id, email, password: "1234567890", passwordConfirm: "1234567890" } });
    }
    const avatar = await upload(s, token, `/api/collections/users/records/${U1}`, [["avatar", ["me.png", PNG]]]);
    names.avatar = avatar.avatar as string;
    await collection({
      name: "docs", listRule: "", viewRule: "",
      schema: [
        { name: "pub", type: "file", options: { maxSelect: 1, maxSize: 100000 } },
        { name: "priv", type: "file", options: { maxSelect: 3, maxSize: 100000, protected: true, thumbs: ["10x10"] } },
        { name: "owner", type: "relation", options: { collectionId: "_pb_users_auth_", maxSelect: 1 } },
      ],
    });
    for (const [id, owner, tag] of [[D1, U1, "1"], [D2, U2, "2"]]) {
      const rec = await upload(s, token, "/api/collections/docs/records", [
        ["id", id], ["owner", owner], ["pub", [`pub${tag}.png`, PNG]], ["priv", [`priv${tag}.png`, PNG]], ["priv", [`note${tag}.txt`, Buffer.from(`note ${tag}`)]],
      ]);
      names[`pub${tag}`] = rec.pub as string;
      [names[`priv${tag}`], names[`note${tag}`]] = rec.priv as string[];
    }
    await collection({ name: "others", listRule: null, viewRule: null, schema: [
      { name: "doc", type: "relation", options: { collectionId: (await must(s, { path: "/api/collections/docs", token })).id, maxSelect: 1 } },
      { name: "f", type: "file", options: { maxSelect: 1, maxSize: 1000, protected: true } },
    ] });
    const other = await upload(s, token, "/api/collections/others/records", [["id", O1], ["doc", D1], ["f", ["o.txt", Buffer.from("other")]]]);
    names.other = other.f as string;
    const view = (name: string, query: string, viewRule: string | null) => collection({ name, type: "view", listRule: viewRule, viewRule, options: { query } });
    await view("v_locked", "select id, pub, priv, owner from docs", null);
    await view("v_open", "select id, pub, priv, owner from docs", "");
    await view("v_auth", "select id, pub, priv, owner from docs", "owner = @request.auth.id");
    await view("v_query", "select id, priv from docs", "@request.query.key = 'k1'");
    await view("v_alias", "select (ROW_NUMBER() OVER (ORDER BY d.id)) as id, d.priv as p2, d.pub as x from docs d", "");
    await view("v_nested", "select id, p2 from v_alias", "");
    await view("v_join", "select o.id, d.priv, o.f from others o join docs d on d.id = o.doc", "");
    await view("v_expr", "select id, coalesce(pub, '') as pc from docs", "");
    await view("v_users", "select id, avatar from users", "");
    await view("v_stale", "select id, pub, priv from docs", "");
  } finally {
    await s.stop();
  }
  // A view whose stored field options no longer match its source's (as after an import):
  // the view's own options are the ones that count.
  const db = new Database(path.join(dir, "data.db"));
  try {
    const row = db.prepare("SELECT schema FROM _collections WHERE name = 'v_stale'").get() as { schema: string };
    const schema = JSON.parse(row.schema) as { name: string; options: Record<string, unknown> }[];
    for (const f of schema) {
      if (f.name === "pub") Object.assign(f.options, { protected: true, thumbs: ["10x10"] });
      if (f.name === "priv") Object.assign(f.options, { protected: false, thumbs: [] });
    }
    db.prepare("UPDATE _collections SET schema = ? WHERE name = 'v_stale'").run(JSON.stringify(schema));
  } finally {
    db.close();
  }
}

type Who = "guest" | "admin" | "user1" | "user2";
const TOKEN_VAR: Record<Who, string> = { guest: "", admin: "adminFile", user1: "user1File", user2: "user2File" };

/** GET a file through a collection with `who`'s file token in `?token=` (and extra query). */
const file = (collection: string, id: string, name: string, who: Who, query = ""): ((c: Ctx) => { path: string }) => (c) => {
  const params = new URLSearchParams(query);
  if (who !== "guest") params.set("token", c.vars[TOKEN_VAR[who]]);
  const qs = params.toString();
  return { path: `/api/files/${collection}/${id}/${names[name]}${qs ? "?" + qs : ""}` };
};

const header = (a: Answer, h: string) => a.headers.get(h);

/**
 * A thumb request: the reference's PNG encoder writes other bytes, so statuses are compared,
 * and a served thumb must be a PNG named after the thumb (`of` gives the original's name).
 */
const thumbCase = (name: string, req: DiffCase["req"], of: string): DiffCase => ({
  name,
  req,
  compare: "status",
  check: (a) => {
    if (a.status !== 200) return;
    expect(header(a, "content-type")).toBe("image/png");
    const disposition = header(a, "content-disposition") ?? "";
    expect(disposition.replace(/^(inline|attachment); /, "")).toBe(`filename=10x10_${names[of]}`);
  },
});

const cases: DiffCase[] = [
  { name: "admin file token", req: (c) => ({ method: "POST", path: "/api/files/token", token: c.token }), compare: "shape", capture: (a, c) => (c.vars.adminFile = (a.body as { token: string }).token) },
  ...(["1", "2"] as const).flatMap((n): DiffCase[] => [
    {
      name: `user ${n} signs in`,
      req: () => ({ method: "POST", path: "/api/collections/users/auth-with-password", body: { identity: `u${n}@example.com`, password: "1234567890" } }),
      compare: "shape",
      capture: (a, c) => (c.vars[`user${n}`] = (a.body as { token: string }).token),
    },
    { name: `user ${n} file token`, req: (c) => ({ method: "POST", path: "/api/files/token", token: c.vars[`user${n}`] }), compare: "shape", capture: (a, c) => (c.vars[`user${n}File`] = (a.body as { token: string }).token) },
  ]),
];

// Every requester on the plain views: locked, open, and a rule on the token's auth record.
for (const view of ["docs", "v_locked", "v_open", "v_auth"]) {
  for (const who of ["guest", "admin", "user1", "user2"] as const) {
    cases.push({ name: `${view}: unprotected file, ${who}`, req: file(view, D1, "pub1", who) });
    cases.push({ name: `${view}: protected file, ${who}`, req: file(view, D1, "priv1", who) });
    cases.push({ name: `${view}: protected text file, ${who}`, req: file(view, D1, "note1", who) });
  }
  cases.push(thumbCase(`${view}: protected thumb, admin`, file(view, D1, "priv1", "admin", "thumb=10x10&download=1"), "priv1"));
  cases.push(thumbCase(`${view}: protected thumb, guest`, file(view, D1, "priv1", "guest", "thumb=10x10"), "priv1"));
  cases.push({ name: `${view}: protected file, Authorization header only`, req: (c) => ({ ...file(view, D1, "priv1", "guest")(c), token: c.vars.user1 }) });
  cases.push({ name: `${view}: admin Authorization header only`, req: (c) => ({ ...file(view, D1, "priv1", "guest")(c), token: c.token }) });
  cases.push({ name: `${view}: another record's file`, req: file(view, D1, "pub2", "admin") });
  cases.push({ name: `${view}: unknown record`, req: (c) => ({ path: file(view, D1, "pub1", "admin")(c).path.replace(D1, rid("nope")) }) });
}

cases.push(
  { name: "rule on @request.query: without the key", req: file("v_query", D1, "priv1", "user1") },
  { name: "rule on @request.query: with the key", req: file("v_query", D1, "priv1", "user1", "key=k1") },
  { name: "other owner through v_auth", req: file("v_auth", D2, "priv2", "user2") },
  { name: "other owner through v_auth, wrong user", req: file("v_auth", D2, "priv2", "user1") },
  { name: "aliased column, ROW_NUMBER id", req: file("v_alias", "1", "priv1", "guest") },
  { name: "aliased column, second row", req: file("v_alias", "2", "note2", "guest", "download=1") },
  { name: "aliased column, file of another row", req: file("v_alias", "1", "priv2", "guest") },
  { name: "view of a view", req: file("v_nested", "2", "priv2", "guest") },
  thumbCase("view of a view, thumb", file("v_nested", "2", "priv2", "guest", "thumb=10x10&download=1"), "priv2"),
  { name: "view of a view, unknown thumb size serves the original", req: file("v_nested", "2", "priv2", "guest", "thumb=20x20") },
  { name: "joined collection's file", req: file("v_join", O1, "priv1", "guest") },
  { name: "joined row's own protected file (source rules do not apply)", req: file("v_join", O1, "other", "guest") },
  { name: "expression column is not a file field", req: file("v_expr", D1, "pub1", "admin") },
  { name: "auth collection's avatar", req: file("v_users", U1, "avatar", "guest") },
  { name: "stale view options: source-unprotected file the view protects, guest", req: file("v_stale", D1, "pub1", "guest") },
  { name: "stale view options: the same, admin", req: file("v_stale", D1, "pub1", "admin") },
  thumbCase("stale view options: thumb sizes of the view", file("v_stale", D1, "pub1", "admin", "thumb=10x10&download=1"), "pub1"),
  { name: "stale view options: source-protected file the view does not protect", req: file("v_stale", D1, "priv1", "guest") },
  { name: "stale view options: no thumb sizes on the view", req: file("v_stale", D1, "priv1", "guest", "thumb=10x10") },
);

/** Refusals are JSON as the reference writes it (`charset=UTF-8`). */
const withJsonErrors = (c: DiffCase): DiffCase => ({
  ...c,
  check: (a, ctx) => {
    if (a.status >= 400) expect(header(a, "content-type")).toBe("application/json; charset=UTF-8");
    c.check?.(a, ctx);
  },
});

describe("record files through view collections", () => {
  differential(cases.map(withJsonErrors), setup);
});
