/**
 * Differential test of the record resolver and API rules: the reference binary
 * (PocketBase v0.22.20) lists records of collections made through its own API, and
 * Cairn's runList with recordResolver/compileRule runs over a copy of the same data.db;
 * both must select the same records in the same order (or both fail with the same status).
 * Cairn's answers over a PostgreSQL copy of the records (test/support/pgMirror.ts) must be
 * exactly its answers over SQLite.
 * Filters are compared as an admin and as a guest; rules are set as the collection's
 * listRule and compared for a guest and for signed-in users, with query parameters,
 * headers and (through a GET body, which the reference reads too) submitted data.
 * Skipped when the binary is not installed.
 */
import { SqliteDb } from "../db/sqlite/database.js";
import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectionsRepo, lookup } from "../db/collections.js";
import { errorStatus } from "../http/errorResponse.js";
import { DomainError } from "../tools/errors.js";
import { runList } from "./list.js";
import { recordResolver } from "./recordResolver.js";
import type { RequestInfo } from "./requestInfo.js";
import { checkAdminOnlyFields, compileRule } from "./rules.js";
import { adminToken } from "../../test/support/client.js";
import { cleanupTempDirs, copyDataDir, PB_BIN, referenceDataDir } from "../../test/support/dataDirs.js";
import { startReference, type RunningServer } from "../../test/support/servers.js";
import { createFixture, httpClient, rid, userToken } from "../../test/support/rulesFixture.js";
import { mirrorToPostgres } from "../../test/support/pgMirror.js";
import type { Db } from "../db/types.js";

type Who = "admin" | "guest" | "ann" | "bob" | "cid" | "dan";
const USERS: Who[] = ["ann", "bob", "cid", "dan"];
const EXTRA_QUERY = { x: "a", q: "Hello World", views: "5" };
const HEADERS = { "X-A": "Hello", "User-Agent": "cairn-test" };

interface Ask {
  filter?: string;
  sort?: string;
  /** A listRule applied by Cairn (the reference reads the stored one). */
  rule?: string;
  /** A JSON body sent with the GET (`@request.data`). */
  data?: Record<string, unknown>;
}
type Outcome = { status: number; ids?: string[]; message?: string };

let dir = "";
let ref: RunningServer | undefined;
let db: SqliteDb;
/** The same records in PostgreSQL: Cairn's answers there must be its answers on SQLite. */
let pgDb: Db;
let adminTok = "";
const tokens: Partial<Record<Who, string>> = {};

const short = (id: string) => id.replace(/0+$/, "");

function queryOf(ask: Ask): Record<string, string> {
  const q: Record<string, string> = { ...EXTRA_QUERY, perPage: "500", sort: ask.sort ?? "id" };
  if (ask.filter !== undefined) q.filter = ask.filter;
  return q;
}

function getJson(url: URL, headers: Record<string, string>, body?: unknown): Promise<{ status: number; body: unknown }> {
  return new Promise((ok, fail) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const h: Record<string, string> = { ...headers };
    if (payload !== undefined) {
      h["content-type"] = "application/json";
      h["content-length"] = String(Buffer.byteLength(payload));
    }
    const req = http.request(url, { method: "GET", headers: h, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => {
        try {
          ok({ status: res.statusCode ?? 0, body: JSON.parse(text) });
        } catch (err) {
          fail(err);
        }
      });
    });
    req.on("error", fail);
    req.end(payload);
  });
}

async function reference(coll: string, who: Who, ask: Ask): Promise<Outcome> {
  const url = new URL(`${ref!.url}/api/collections/${coll}/records`);
  for (const [k, v] of Object.entries(queryOf(ask))) url.searchParams.set(k, v);
  const token = who === "admin" ? adminTok : who === "guest" ? "" : tokens[who]!;
  const res = await getJson(url, { ...HEADERS, ...(token ? { authorization: token } : {}) }, ask.data);
  const body = res.body as { items?: { id: string }[]; message?: string };
  if (res.status !== 200) return { status: res.status, message: body.message };
  return { status: 200, ids: body.items!.map((i) => short(i.id)) };
}

async function cairn(coll: string, who: Who, ask: Ask, on: Db = db): Promise<Outcome> {
  const snap = await collectionsRepo.snapshot(db);
  const collection = lookup(snap, coll)!;
  const users = lookup(snap, "users")!;
  const authRow = USERS.includes(who) ? ((await db.get("SELECT * FROM users WHERE username = ?", [who])) ?? null) : null;
  const query = queryOf(ask);
  const requestInfo: RequestInfo = { auth: authRow ? { collection: users, record: authRow } : null, query, headers: HEADERS, method: "GET", data: ask.data };
  const admin = who === "admin";
  const opts = { dialect: on.dialect, collection, findCollection: (n: string) => lookup(snap, n), requestInfo, allowHiddenFields: admin };
  try {
    if (!admin) checkAdminOnlyFields(query);
    const where = ask.rule !== undefined && !admin ? compileRule(ask.rule, recordResolver(opts)) : undefined;
    const resolver = recordResolver({ ...opts, allowRequestFields: admin });
    const out = await runList(on, { table: coll, resolver, query, where, mapRow: (r) => short(String(r.id)) });
    return { status: 200, ids: out.items };
  } catch (err) {
    if (err instanceof DomainError) return { status: errorStatus(err), message: err.message };
    throw err;
  }
}

/** Compares statuses and ids (and the message of a 403). */
async function same(coll: string, who: Who, ask: Ask): Promise<void> {
  const [a, b, c] = [await reference(coll, who, ask), await cairn(coll, who, ask), await cairn(coll, who, ask, pgDb)];
  const norm = (o: Outcome) => (o.status === 200 ? o : o.status === 403 ? { status: o.status, message: o.message } : { status: o.status });
  expect(norm(b), `${who}: ${JSON.stringify(ask)}`).toEqual(norm(a));
  expect(c, `PostgreSQL, ${who}: ${JSON.stringify(ask)}`).toEqual(b);
}

async function setListRule(coll: string, rule: string): Promise<boolean> {
  const res = await httpClient(ref!.url)("PATCH", `/api/collections/${coll}`, { listRule: rule }, adminTok);
  return res.status === 200;
}

const available = existsSync(PB_BIN);

describe.skipIf(!available)("record resolver and rules against the reference binary", () => {
  beforeAll(async () => {
    dir = referenceDataDir();
    ref = await startReference(dir);
    const api = httpClient(ref.url);
    adminTok = await adminToken(ref);
    await createFixture(api, adminTok);
    for (const u of USERS) tokens[u] = await userToken(api, u);
    // Copy the data once the binary has stopped (its WAL checkpointed), then serve it again.
    await ref.stop();
    const copy = copyDataDir(dir);
    db = new SqliteDb(path.join(copy, "data.db"), { readonly: true });
    pgDb = await mirrorToPostgres(db);
    ref = await startReference(dir);
  }, 90_000);

  afterAll(async () => {
    await db?.close();
    await pgDb?.close();
    await ref?.stop();
    cleanupTempDirs();
  }, 20_000);

  const POST_FILTERS = [
    // plain, JSON and multi-value fields
    "id != ''", "title = 'Hello'", "title ~ 'a_b'", "title ~ 'o'", "views > 0", "published = true", "day > '2024-01-01'", "cover = ''",
    "sel = 'a'", "sel ~ 'a'", "tags ?= 'g10000000000000'", "tags ~ 'g10000000000000'",
    "sel:each = 'a'", "sel:each ?= 'a'", "sel:each != 'a'", "sel:each ?!= 'a'", "sel:each = ''", "sel:each ?> 'a'",
    "sel:length > 1", "sel:length = 0", "tags:length = 2", "tags:length = 0", "docs:length = 0", "status:length = 0", "author:length = 1",
    "tags:each = 'g10000000000000'", "tags:each ?= 'g10000000000000'", "status:each = 'live'", "author:each = 'u10000000000000'",
    "title:length = ''", "title:isset = ''", "title:each = 'x'", "sel:isset ~ 'a'", "meta:each = 'str'", "meta:length = 'str'",
    "meta.a.b = 1", "meta.a.b = '1'", "meta.0 = 1", "meta.k = ''", "meta.k = null", "meta = 'str'", "meta = null", "meta = ''", "meta.a = null",
    "meta.x.y.z = null", "meta.k:each = 'v'", "meta.k:foo = null", "meta.a:x.b = 1", "meta.k = title", "meta.a.b > 0",
    // relation paths
    "author.name = 'Ann'", "author.name = ''", "author.team.name = 'red'", "author.team.tier > 1", "author.email = 'bob@x.io'", "author.email != ''",
    "author.verified = true", "author.roles:length = 2", "author.roles:each = 'editor'", "author.roles:each ?= 'editor'", "author.name:isset = 'Ann'",
    "author.profile.age > 10", "author.profile.tags.0 = 'x'", "author.friends.name ?= 'Bob'", "author.friends.name = 'Ann'", "author.friends:length > 1",
    "author.friends.friends.friends.friends.friends.name != 'zz'", "author.friends.friends.friends.friends.friends.profile.a.b = null",
    "tags.name = 'go'", "tags.name ?= 'go'", "tags.name != 'go'", "tags.name ?!= 'go'", "tags.name = ''", "tags.name ?= ''", "tags.name > 'a'",
    "tags.name ?> 'h'", "tags.weight < 3", "tags.weight ?>= 3", "tags.id = ''", "tags.id != ''", "tags.name:each = 'go'", "tags.name ~ 'o'", "tags.name ?~ 's'",
    "tags.name ?= 'go' && tags.name ?= 'js'", "tags.name ?= 'go' || tags.name ?= 'sql'", "tags:each ?= 'g10000000000000' && tags.name ?= 'js'",
    "tags.name = title", "tags.name ?= title", "title = tags.name",
    // back relations
    "comments_via_post.body = 'nice'", "comments_via_post.body ?= 'nice'", "comments_via_post.body != 'nice'", "comments_via_post.id != ''",
    "comments_via_post.id = ''", "comments_via_post.author.name ?= 'Bob'", "comments_via_post.likes.name ?= 'Dan'", "comments_via_post.likes:length > 1",
    "comments_via_post.author.email ?= 'bob@x.io'", "stats_via_post.hits > 0", "stats_via_post.hits = 0", "stats_via_post.id = ''",
    "author.comments_via_author.body ?= 'ok'", "author.comments_via_likes.body ?= 'orphan'", "author.comments_via_likes.body = 'orphan'",
    "author.posts_via_author.title ?= 'x'", "comments_via_post.post.comments_via_post.post.comments_via_post.post.id != ''",
    // @collection joins (admins only)
    "@collection.tags.name = 'go'", "@collection.tags.name ?= 'go'", "@collection.tags.name ?= title", "@collection.comments.post ?= id",
    "@collection.comments.post = id", "@collection.comments.post ?= id && @collection.comments.body ?= 'ok'",
    "@collection.comments:c.post ?= id && @collection.comments:c.body ?= 'ok'", "@collection.comments:c.post ?= id && @collection.comments:d.body ?= 'ok'",
    "@collection.comments.post.title ?= 'World'", "@collection.comments.likes:each ?= 'u30000000000000'", "@collection.tags.weight > 0",
    "@collection.users.email ?= 'bob@x.io'", "@collection.stats.post ?= id", "@collection.posts.comments_via_post.body ?= 'ok'",
    "@collection.users.friends.friends.friends.friends.friends.friends.name != 'zz'",
    // @request in an admin's filter
    "@request.auth.id = ''", "@request.query.x = 'a'", "@request.headers.x_a = title", "@request.method = 'GET'", "@request.query.views = 5",
    // errors
    "nope = 1", "title:foo = ''", "id:length = 0", "created:each != ''", "tags:each:length = 1", "meta:foo = 'str'", "author:foo = 1", "author.id:length = 1",
    "comments_via_post = ''", "comments_via_post:length = 2", "comments_via_author.id != ''", "nope_via_post.id != ''", "tags_via_post.id != ''",
    "author.friends.friends.friends.friends.friends.friends.name != 'zz'", "author.friends.friends.friends.friends.friends.friends.profile.a = null",
    "comments_via_post.post.comments_via_post.post.comments_via_post.post.comments_via_post.id != ''",
    "@collection.users.friends.friends.friends.friends.friends.friends.friends.name != 'zz'", "@collection.users.tokenKey != ''",
    "@collection.nope.id != ''", "@collection.tags.nope != ''", "@collection.tags:x:y.name != ''", "@collection.comments_via_x.id = ''",
    "@collection.tags = 1", "@request.foo = 1", "@request.auth = 1", "@request.headers.x:isset = 1", "@request.query.x:foo = 1", "title.x = 1",
  ];
  it.each(POST_FILTERS)("posts filter (admin): %j", async (filter) => same("posts", "admin", { filter }));

  const GUEST_POST_FILTERS = ["author.email = 'bob@x.io'", "author.email != ''", "author.email ?= 'ann@x.io'", "comments_via_post.author.email ?= 'bob@x.io'", "author.friends.email ?= 'bob@x.io'", "tags.name ?= 'go'", "meta.a.b = 1"];
  it.each(GUEST_POST_FILTERS)("posts filter (guest): %j", async (filter) => same("posts", "guest", { filter }));

  const USER_FILTERS = [
    "email = 'bob@x.io'", "email != ''", "email ~ 'x.io'", "email = ''", "emailVisibility = false", "verified = true", "username = 'bob'", "avatar = ''",
    "friends.email = 'ann@x.io'", "friends.email ?= 'bob@x.io'", "friends.email ?!= 'bob@x.io'", "team.name = 'red'", "email = friends.email",
    "friends.email = email", "users_via_friends.name ?= 'Dan'", "users_via_friends.email ?= 'dan@x.io'", "roles:each ?= 'editor'", "profile.age > 10",
    "posts_via_author.comments_via_post.author.email ?= 'bob@x.io'",
    "tokenKey != ''", "passwordHash != ''", "lastResetSentAt = ''", "lastVerificationSentAt = ''", "lastLoginAlertSentAt = ''", "collectionName = 'users'",
    "collectionId != ''", "expand = ''", "password = ''", "friends_via_friends.name ?= 'Dan'",
  ];
  it.each(USER_FILTERS)("users filter (admin and guest): %j", async (filter) => {
    await same("users", "admin", { filter });
    await same("users", "guest", { filter });
  });

  it.each([
    "author.name = 'Ann'", "tags.name ?= 'go'", "tags.name = 'go'", "views > 1", "created != ''", "title ~ 'o'", "comments_via_post.id != ''",
    "@collection.posts.title ?= title", "author.posts_via_author.title ?= 'World'",
  ])("view filter (admin): %j", async (filter) => same("pv", "admin", { filter }));

  it.each(["@collection.pv.title ?= 'Hello'", "@collection.pv.author.name ?= title", "@collection.pv.tags.name = 'go'"])("posts filter on a view (admin): %j", async (filter) =>
    same("posts", "admin", { filter }),
  );

  it.each(["author.name,id", "-author.name,id", "-meta.a.b,id", "sel:length,id", "stats_via_post.hits,id", "author.team.name,-id", "-author.email,id", "-views", "@random,nope"])(
    "posts sort (admin): %j",
    async (sort) => same("posts", "admin", { sort }),
  );

  it.each([
    { filter: "@request.auth.id = ''" }, { filter: "title = '@collection.x'" }, { filter: "@request.x = 1 && @collection.x.y = 1" },
    { sort: "@request.auth.id" }, { filter: "@request.auth.id = ''", sort: "@collection.tags.name" }, { filter: "title = '@request'" },
  ])("non-admin filters and sorts cannot use @request. or @collection.: %j", async (ask) => {
    await same("posts", "guest", ask);
    await same("posts", "ann", ask);
  });

  const RULES = [
    "@request.auth.id = ''", "@request.auth.id != ''", "author = @request.auth.id", "author.id = @request.auth.id", "@request.auth.name = 'Ann'",
    "@request.auth.email = 'bob@x.io'", "@request.auth.verified = true", "@request.auth.verified = 1", "@request.auth.verified = 'true'",
    "@request.auth.emailVisibility = false", "@request.auth.tokenKey != ''", "@request.auth.passwordHash = ''", "@request.auth.password = ''",
    "@request.auth.collectionName = 'users'", "@request.auth.collectionId = '_pb_users_auth_'", "@request.auth.collectionName = ''",
    "@request.auth.team = 't10000000000000'", "@request.auth.team.name = 'red'", "@request.auth.team.name = ''", "@request.auth.team.tier = 1",
    "@request.auth.team.name ~ 're'", "@request.auth.roles ?= 'editor'", "@request.auth.roles:each ?= 'editor'", "@request.auth.roles:each = 'editor'",
    "@request.auth.roles:length = 2", "@request.auth.roles:length = 0", "@request.auth.roles = '[\"admin\",\"editor\"]'", "@request.auth.roles ~ 'edit'",
    "@request.auth.profile.age = 30", "@request.auth.profile = null", "@request.auth.profile ~ 'age'", "@request.auth.profile.tags.0 = 'x'",
    "@request.auth.profile.age:isset = true", "@request.auth.friends.name ?= 'Bob'", "@request.auth.friends.name = 'Ann'", "@request.auth.friends.name != 'zz'",
    "@request.auth.friends:length > 0", "@request.auth.friends.email ?= 'bob@x.io'", "@request.auth.name:length = 3", "@request.auth.id:isset = true",
    "@request.auth.avatar = ''", "@request.auth.created != ''", "@request.auth.username:foo = 'ann'", "@request.auth.nope = ''", "@request.auth.nope.x = ''",
    "@request.auth.team.nope = ''", "@request.auth.name.x = ''", "@request.auth.team.name.x = ''", "@request.auth.team.nope.x = ''", "@request.auth.id.x = ''",
    "@request.auth.team.id = @request.auth.team", "@request.auth.posts_via_author.title ?= 'Hello'", "@request.auth.team.teams_x.title ?= 'Hello'",
    "@request.auth.roles:each ?= @request.auth.roles:each", "@request.auth.friends.friends.friends.friends.friends.friends.name != 'zz'",
    "@request.auth.friends.friends.friends.friends.friends.friends.friends.name != 'zz'",
    "author = @request.auth.id || @request.auth.roles:each ?= 'admin'", "author.team = @request.auth.team", "tags.name ?= 'go' && author.team = @request.auth.team",
    "@request.method = 'GET'", "@request.method = 'get'", "@request.context = 'default'", "@request.context = ''",
    "@request.query.x = 'a'", "@request.query.x = ''", "@request.query.x:length = 1", "@request.query.x:isset = true", "@request.query.nope:isset = false",
    "@request.query.x:each = 'a'", "@request.query.x.y = ''", "@request.query.filter = ''", "@request.query.perPage = 500", "@request.query.perPage = '500'",
    "@request.query.views = 5", "@request.query.views = '5'", "@request.query.q = @request.query.q", "@request.query.nope ~ 'x'",
    "@request.query.q != @request.query.nope", "@request.query.q ~ title", "title ~ @request.query.q", "title ~ @request.query.nope", "@request.query.x:foo = 1",
    "@request.headers.x_a = 'Hello'", "@request.headers.x_a = title", "@request.headers.x_a = ''", "@request.headers.user_agent ~ 'cairn'",
    "@request.headers.X_A = 'Hello'", "@request.headers.nope = ''", "@request.headers.x_a:isset = true",
    "@request.data.x:isset = false", "@request.data.x = ''", "@request.data.sel:length = 0", "@request.data.author.name = ''",
    "author.email = 'bob@x.io'", "author.email != ''", "@collection.users.email ?= 'bob@x.io'", "author.friends.email ?= 'bob@x.io'",
    "comments_via_post.author.email ?= 'bob@x.io'", "comments_via_post.author ?= @request.auth.id", "comments_via_post.likes ~ @request.auth.id",
    "comments_via_post.likes:each ?= @request.auth.id", "@collection.comments.post ?= id && @collection.comments.author ?= @request.auth.id",
    "@collection.comments.post ?= id && @collection.comments.author.id = @request.auth.id", "@collection.stats.post ?= id && @collection.stats.hits ?> 0",
  ];
  it.each(RULES)("listRule %j", async (rule) => {
    if (!(await setListRule("posts", rule))) {
      // The reference refuses to save it: Cairn's resolver must refuse it too.
      expect((await cairn("posts", "ann", { rule })).status).toBe(400);
      return;
    }
    for (const who of ["guest", ...USERS] as Who[]) await same("posts", who, { rule });
  });

  const DATA = {
    views: "5", title: 5, nope: 5, published: true, sel: ["a", "b"], status: "live",
    tags: [rid("g1"), rid("g2"), rid("g1")], author: rid("u1"), obj: { z: "<&>", b: { c: "x" }, a: 1 }, arr: [1, 2], meta: { a: 1 }, nullv: null, empty: "",
  };
  const DATA_RULES = [
    "@request.data.views = 5", "@request.data.views = '5'", "@request.data.title = 5", "@request.data.title = '5'", "@request.data.nope = 5",
    "@request.data.nope = '5'", "@request.data.published = true", "@request.data.published = 1", "@request.data.published = 'true'",
    "@request.data.views:isset = true", "@request.data.missing:isset = false", "@request.data.sel:length = 2", "@request.data.sel:each ?= 'b'",
    "@request.data.sel:each = 'b'", "@request.data.sel = 'a'", "@request.data.sel ~ 'b'", "@request.data.sel = '[\"a\",\"b\"]'",
    "@request.data.sel:each ?= sel:each", "@request.data.sel:each != 'x'", "@request.data.sel:each > 'a'", "@request.data.status:each = 'live'",
    "@request.data.status:length = 1", "@request.data.tags:length = 2", "@request.data.tags.name ?= 'go'", "@request.data.tags.name = 'go'",
    "@request.data.tags.weight > 0", "@request.data.tags:each ?= 'g10000000000000'", "@request.data.author.name = 'Ann'",
    "@request.data.author.team.name = 'red'", "@request.data.author.nope = ''", "@request.data.author:isset = true", "@request.data.author.name:isset = true",
    "@request.data.obj.a = 1", "@request.data.obj.b.c = 'x'", "@request.data.obj.a:isset = true", "@request.data.obj = '{\"a\":1,\"b\":{\"c\":\"x\"},\"z\":\"<&>\"}'",
    "@request.data.obj = '{\"a\":1,\"b\":{\"c\":\"x\"},\"z\":\"\\u003c\\u0026\\u003e\"}'", "@request.data.arr = '[1,2]'", "@request.data.arr:length = 2",
    "@request.data.title:length = 1", "@request.data.meta.a = 1", "@request.data.nullv = null", "@request.data.nullv:isset = true", "@request.data.empty = ''",
    "@request.data.empty = null", "@request.data.sel:each ?= title", "tags:each ?= @request.data.tags:each", "@request.data.nope ~ 5",
    "@request.data.published ~ 'true'", "@request.data.views ~ '5'", "title = @request.data.empty", "author = @request.data.author",
  ];
  it.each(DATA_RULES)("listRule with submitted data %j", async (rule) => {
    expect(await setListRule("posts", rule)).toBe(true);
    await same("posts", "ann", { rule, data: DATA });
    await same("posts", "guest", { rule, data: {} });
  });

  it.each<[string, string]>([
    ["tags.name ?= 'go'", "tags.name ?= 'js'"],
    ["tags.name ?= 'go'", "tags.name ?= 'go'"],
    ["author = @request.auth.id", "author.name = 'Ann'"],
    ["author.team.name = 'red'", "author.name != ''"],
    ["comments_via_post.body ?= 'nice'", "comments_via_post.body ?= 'meh'"],
  ])("a listRule and a filter share joins: %j + %j", async (rule, filter) => {
    expect(await setListRule("posts", rule)).toBe(true);
    for (const who of ["guest", "ann", "dan"] as Who[]) await same("posts", who, { rule, filter });
  });

  // Known difference, in the filter builder: the reference's "every value" check of a
  // condition with the same multi-value field on both sides compares every pair of
  // values; the builder (query/filterSql.ts) shares one values source between the sides.
  it.fails.each(["sel:each = sel:each", "tags.name = tags.name"])("known difference: %j", async (filter) => same("posts", "admin", { filter }));

  it("restores the list rule", async () => {
    expect(await setListRule("posts", "")).toBe(true);
  });
});
