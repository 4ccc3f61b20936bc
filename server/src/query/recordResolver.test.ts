import { sqliteDialect } from "../db/sqlite/dialect.js";
import { afterAll, describe, expect, it } from "vitest";
import { errorStatus } from "../http/errorResponse.js";
import { DomainError } from "../tools/errors.js";
import type { CollectionModel } from "../models/collection.js";
import { QueryError } from "./errors.js";
import { compileFilter } from "./filterSql.js";
import { buildListSql, runList } from "./list.js";
import type { ListQuery } from "./types.js";
import { recordResolver, type RecordResolverOptions } from "./recordResolver.js";
import type { RequestInfo } from "./requestInfo.js";
import { checkAdminOnlyFields, compileRule, ruleAllows } from "./rules.js";
import { insert, makeCollection, createRecordTables } from "../../test/support/rules.js";
import { cleanupTempDirs } from "../../test/support/dataDirs.js";
import { sqliteDbWith } from "../../test/support/sqliteFile.js";

const rel = (collectionId: string, maxSelect: number | null = 1) => ({ collectionId, maxSelect });

const teams = makeCollection("teams", "teams", [["name", "text"], ["tier", "number"]]);
const tags = makeCollection("tags", "tags", [["name", "text"]]);
const users = makeCollection(
  "users",
  "users",
  [["name", "text"], ["team", "relation", rel("teams")], ["roles", "select", { maxSelect: 3, values: ["a", "e", "v"] }], ["friends", "relation", rel("users", null)], ["profile", "json", { maxSize: 100 }]],
  { type: "auth" },
);
const posts = makeCollection("posts", "posts", [
  ["title", "text"],
  ["author", "relation", rel("users")],
  ["tags", "relation", rel("tags", null)],
  ["sel", "select", { maxSelect: 3, values: ["a", "b", "c"] }],
  ["status", "select", { maxSelect: 1, values: ["draft", "live"] }],
  ["meta", "json", { maxSize: 100 }],
  ["views", "number"],
  ["ok", "bool"],
]);
const comments = makeCollection("comments", "comments", [["post", "relation", rel("posts")], ["body", "text"]]);
const stats = makeCollection("stats", "stats", [["post", "relation", rel("posts")], ["hits", "number"]], {
  indexes: ["CREATE UNIQUE INDEX `idx_stats_post` ON `stats` (`post`)"],
});
const ALL = [teams, tags, users, posts, comments, stats];
const find = (nameOrId: string) => ALL.find((c) => c.id === nameOrId || c.name.toLowerCase() === nameOrId.toLowerCase());

const user = (id: string, o: Record<string, unknown>) => ({ id, username: id, tokenKey: "k" + id, passwordHash: "h", email: "", ...o });
/** The auth records as stored (with the columns' defaults), for @request.auth. */
const authRows = new Map<string, Record<string, unknown>>();
const db = sqliteDbWith((raw) => {
  createRecordTables(raw, ALL);
  insert(raw, "teams", { id: "t1", name: "red", tier: 1 });
  insert(raw, "teams", { id: "t2", name: "blue", tier: 2 });
  insert(raw, "tags", { id: "g1", name: "go" });
  insert(raw, "tags", { id: "g2", name: "js" });
  insert(raw, "users", user("u1", { name: "Ann", email: "ann@x.io", emailVisibility: true, verified: true, team: "t1", roles: ["a", "e"], friends: [], profile: { age: 30 } }));
  insert(raw, "users", user("u2", { name: "Bob", email: "bob@x.io", team: "t2", roles: ["v"], friends: ["u1"] }));
  insert(raw, "posts", { id: "p1", title: "Hello", author: "u1", tags: ["g1", "g2"], sel: ["a", "b"], status: "live", meta: { a: { b: 1 } }, views: 10, ok: true });
  insert(raw, "posts", { id: "p2", title: "World", author: "u2", tags: ["g1"], sel: ["c"], status: "draft", meta: [1, 2], views: 0 });
  insert(raw, "posts", { id: "p3", title: "", author: "", tags: [], sel: [], status: "", meta: null, views: 5 });
  insert(raw, "comments", { id: "c1", post: "p1", body: "nice" });
  insert(raw, "comments", { id: "c2", post: "p1", body: "meh" });
  insert(raw, "comments", { id: "c3", post: "p2", body: "nice" });
  insert(raw, "stats", { id: "s1", post: "p1", hits: 7 });
  for (const row of raw.prepare("SELECT * FROM users").all() as Record<string, unknown>[]) authRows.set(String(row.id), row);
});
afterAll(async () => {
  await db.close();
  cleanupTempDirs();
});

const authOf = (id: string): RequestInfo["auth"] => ({ collection: users, record: authRows.get(id)! });

function resolver(opts: Partial<RecordResolverOptions> = {}) {
  return recordResolver({ dialect: sqliteDialect, collection: posts, findCollection: find, allowHiddenFields: true, ...opts });
}

async function ids(filter: string, opts: Partial<RecordResolverOptions> = {}, collection: CollectionModel = opts.collection ?? posts): Promise<string[]> {
  const query: ListQuery = { filter, sort: "id", perPage: "500" };
  return (await runList(db, { table: collection.name, resolver: resolver({ collection, ...opts }), query, mapRow: (r) => String(r.id) })).items;
}

const status = (fn: () => unknown): number | "ok" => {
  try {
    fn();
    return "ok";
  } catch (err) {
    if (err instanceof DomainError) return errorStatus(err);
    throw err;
  }
};
/** status() of an async check. */
const statusOf = async (fn: () => Promise<unknown>): Promise<number | "ok"> => {
  try {
    await fn();
    return "ok";
  } catch (err) {
    if (err instanceof DomainError) return errorStatus(err);
    throw err;
  }
};

describe("record fields", () => {
  it.each<[string, string[]]>([
    ["title = 'Hello'", ["p1"]],
    ["title = ''", ["p3"]],
    ["id != '' && created != ''", ["p1", "p2", "p3"]],
    ["views > 4", ["p1", "p3"]],
    ["ok = true", ["p1"]],
    ["meta.a.b = 1", ["p1"]],
    ["meta.0 = 2", []],
    ["meta.1 = 2", ["p2"]],
    ["meta = null", ["p3"]],
    ["sel ~ 'a'", ["p1"]],
    ["status:each = 'live'", ["p1"]],
    ["sel:each ?= 'b'", ["p1"]],
    ["sel:each = 'c'", ["p2"]],
    ["sel:length = 0", ["p3"]],
    ["status:length = 0", ["p3"]],
    ["tags:length = 2", ["p1"]],
    ["title:isset = 'Hello'", ["p1"]],
  ])("%s", async (filter, expected) => expect(await ids(filter)).toEqual(expected));

  it("rejects unknown fields, hidden auth columns and unknown modifiers with a 400", async () => {
    for (const f of ["nope = 1", "title:foo = 1", "id:length = 1", "sel:each:length = 1", "collectionName = 'posts'", "title.x = 1", "expand = ''"]) {
      expect(status(() => compileFilter(f, resolver())), f).toBe(400);
    }
    for (const f of ["tokenKey = ''", "passwordHash = ''", "lastResetSentAt = ''", "lastVerificationSentAt = ''", "lastLoginAlertSentAt = ''"]) {
      expect(status(() => compileFilter(f, resolver({ collection: users }))), f).toBe(400);
    }
    expect(() => compileFilter("nope = 1", resolver())).toThrow(QueryError);
  });

  it("auth collections allow username, email, emailVisibility and verified", async () => {
    expect(await ids("username = 'u2' && verified = false && emailVisibility = false && email = 'bob@x.io'", {}, users)).toEqual(["u2"]);
  });

  it("without hidden fields, comparisons on an auth email also need emailVisibility", async () => {
    expect(await ids("email != ''", { allowHiddenFields: false }, users)).toEqual(["u1"]);
    expect(await ids("email = 'bob@x.io'", { allowHiddenFields: false }, users)).toEqual([]);
    expect(await ids("author.email = 'bob@x.io'", { allowHiddenFields: false })).toEqual([]);
    expect(await ids("author.email = 'bob@x.io'")).toEqual(["p2"]);
    const r = resolver({ collection: users, allowHiddenFields: false }).resolve("email");
    expect(r?.guard?.sql).toBe("`users`.`emailVisibility` = TRUE");
  });
});

describe("relation paths", () => {
  it.each<[string, string[]]>([
    ["author.name = 'Ann'", ["p1"]],
    ["author.team.name = 'blue'", ["p2"]],
    ["author.team.tier >= 1", ["p1", "p2"]],
    ["author.name = ''", ["p3"]],
    ["tags.name ?= 'go'", ["p1", "p2"]],
    ["tags.name = 'go'", ["p2"]],
    ["tags.name != 'go'", []],
    ["tags.name ?!= 'go'", ["p1", "p3"]],
    ["tags:each ?= 'g2'", ["p1"]],
    ["author.roles:each ?= 'e'", ["p1"]],
    ["author.roles:length = 1", ["p2"]],
    ["author.friends.name ?= 'Ann'", ["p2"]],
    ["author.profile.age = 30", ["p1"]],
    ["comments_via_post.body ?= 'nice'", ["p1", "p2"]],
    ["comments_via_post.body = 'nice'", ["p2"]],
    ["comments_via_post.id = ''", ["p3"]],
    ["stats_via_post.hits = 7", ["p1"]],
    ["stats_via_post.hits ?= 7", ["p1"]],
    ["author.posts_via_author.title ?= 'World'", ["p2"]],
  ])("%s", async (filter, expected) => expect(await ids(filter)).toEqual(expected));

  it("names joins after the path and shares them between conditions", async () => {
    const f = compileFilter("author.team.name = 'x' && author.name = 'y'", resolver());
    expect(f.joins.map((j) => j.sql)).toEqual([
      "LEFT JOIN `users` AS `posts>author` ON `posts>author`.`id` = `posts`.`author`",
      "LEFT JOIN `teams` AS `posts>author>team` ON `posts>author>team`.`id` = `posts>author`.`team`",
    ]);
    expect(f.sql).toBe("(`posts>author>team`.`name` = ? AND `posts>author`.`name` = ?)");
  });

  it("a multi relation path is one value per joined row, with an every-value subquery", async () => {
    const r = resolver().resolve("tags.name")!;
    expect(r.multiple).toBe(true);
    expect(r.sql).toBe("`posts>tags`.`name`");
    expect(r.values?.sql).toContain("FROM `posts` AS `__mm:posts` LEFT JOIN json_each(");
    expect(r.values?.sql).toContain("WHERE `__mm:posts`.`id` = `posts`.`id`");
  });

  it("back relations are single only through a single-column unique index", async () => {
    expect(resolver().resolve("stats_via_post.hits")?.multiple).toBeUndefined();
    expect(resolver().resolve("comments_via_post.body")?.multiple).toBe(true);
  });

  it("goes at most 6 relations deep", async () => {
    const r = recordResolver({ dialect: sqliteDialect, collection: users, findCollection: find });
    expect(r.resolve("friends.friends.friends.friends.friends.friends.name")).toBeTruthy();
    expect(() => r.resolve("friends.friends.friends.friends.friends.friends.friends.name")).toThrow(
      expect.objectContaining({ kind: "bad_request", detail: "max nested relations reached (6)" }),
    );
    expect(r.resolve("friends.friends.friends.friends.friends.friends.profile.a.b.c")).toBeTruthy();
  });

  it("rejects bad paths", async () => {
    for (const f of ["title.name = 1", "author.nope = 1", "nope_via_post.id = 1", "comments_via_body.id = 1", "tags_via_x.id = 1", "author:each.name = 1", "comments_via_post = 1"]) {
      expect(status(() => compileFilter(f, resolver())), f).toBe(400);
    }
  });
});

describe("@request.*", () => {
  const info = (o: Partial<RequestInfo> = {}): RequestInfo => ({
    auth: authOf("u1"),
    query: { q: "Hello", many: ["x", "y"], views: "5" },
    headers: { "X-Custom-Header": "v1", "User-Agent": ["ua", "other"] },
    method: "GET",
    ...o,
  });
  const rule = (r: string, o: Partial<RequestInfo> = {}) => ids(r, { requestInfo: info(o) });

  it.each<[string, string[]]>([
    ["author = @request.auth.id", ["p1"]],
    ["@request.auth.id != ''", ["p1", "p2", "p3"]],
    ["@request.auth.collectionName = 'users' && @request.auth.collectionId = 'users'", ["p1", "p2", "p3"]],
    ["@request.auth.email = 'ann@x.io' && @request.auth.verified = true", ["p1", "p2", "p3"]],
    ["@request.auth.tokenKey = null && @request.auth.passwordHash = ''", ["p1", "p2", "p3"]],
    ["@request.auth.roles = '[\"a\",\"e\"]'", ["p1", "p2", "p3"]],
    ["@request.auth.roles:each ?= 'e'", ["p1", "p2", "p3"]],
    ["@request.auth.roles:length = 2", ["p1", "p2", "p3"]],
    ["@request.auth.profile ~ 'age'", ["p1", "p2", "p3"]],
    ["@request.auth.profile.age = 30", ["p1", "p2", "p3"]],
    ["@request.auth.team.name = 'red'", ["p1", "p2", "p3"]],
    ["@request.auth.team.nope = ''", ["p1", "p2", "p3"]],
    ["@request.auth.nope = ''", ["p1", "p2", "p3"]],
    ["@request.auth.posts_via_author.title ?= 'Hello'", ["p1", "p2", "p3"]],
    ["author.team = @request.auth.team", ["p1"]],
    ["@request.query.q = title", ["p1"]],
    ["title ~ @request.query.q", ["p1"]],
    ["@request.query.many = 'x'", ["p1", "p2", "p3"]],
    ["@request.query.views = 5", ["p1", "p2", "p3"]],
    ["@request.query.q:isset = true && @request.query.nope:isset = false", ["p1", "p2", "p3"]],
    ["@request.query.nope = ''", ["p1", "p2", "p3"]],
    ["@request.headers.x_custom_header = 'v1' && @request.headers.user_agent = 'ua'", ["p1", "p2", "p3"]],
    ["@request.method = 'GET' && @request.context = 'default'", ["p1", "p2", "p3"]],
  ])("%s", async (r, expected) => expect(await rule(r)).toEqual(expected));

  it("guests: every @request.auth.* value is NULL", async () => {
    expect(await rule("@request.auth.id = ''", { auth: null })).toEqual(["p1", "p2", "p3"]);
    expect(await rule("author = @request.auth.id", { auth: null })).toEqual(["p3"]);
    expect(await rule("@request.auth.team.name.x:foo = ''", { auth: null })).toEqual(["p1", "p2", "p3"]);
    expect(await rule("@request.auth.collectionName != ''", { auth: null })).toEqual([]);
  });

  it("binds request values as parameters, never as SQL text", async () => {
    const evil = "x' OR 1=1 --";
    const f = compileFilter("title = @request.query.q", resolver({ requestInfo: info({ query: { q: evil } }) }));
    expect(f.sql).not.toContain(evil);
    expect(f.params).toContain(evil);
    expect(await rule("title = @request.query.q", { query: { q: evil } })).toEqual([]);
  });

  it("@request.data: typed values, :isset, :length, :each and relation paths through submitted ids", async () => {
    const data = { views: "5", title: 5, sel: ["a", "b", "a"], tags: ["g1", "g2"], author: "u2", obj: { b: 1, a: "<" }, n: null };
    const d = (r: string) => rule(r, { data });
    expect(await d("@request.data.views = 5 && @request.data.title = 5 && @request.data.title != '5'")).toHaveLength(3);
    expect(await d("@request.data.views:isset = true && @request.data.n:isset = true && @request.data.x:isset = false")).toHaveLength(3);
    expect(await d("@request.data.n = null && @request.data.x = ''")).toHaveLength(3);
    expect(await d("@request.data.sel:length = 2 && @request.data.sel:each ?= 'b'")).toHaveLength(3);
    expect(await d("@request.data.sel:each = 'a'")).toEqual([]);
    expect(await d("@request.data.sel = '[\"a\",\"b\",\"a\"]'")).toHaveLength(3);
    expect(await d("@request.data.obj = '{\"a\":\"\\u003c\",\"b\":1}' && @request.data.obj.b = 1")).toHaveLength(3);
    expect(await d("@request.data.tags.name ?= 'js' && @request.data.author.name = 'Bob'")).toHaveLength(3);
    expect(await d("@request.data.tags.name = 'js'")).toEqual([]);
    expect(await d("sel:each ?= @request.data.sel:each")).toEqual(["p1"]);
    expect(await rule("@request.data.sel:each ?= ''", { data: { sel: [] } })).toEqual([]);
    expect(await rule("@request.data.tags.name = '' && @request.data.sel:length = 0", { data: {} })).toHaveLength(3);
  });

  it("refuses @request.* and @collection.* when request fields are not allowed (non-admin filters)", async () => {
    const r = resolver({ allowRequestFields: false });
    expect(status(() => r.resolve("@request.auth.id"))).toBe(403);
    expect(status(() => r.resolve("@collection.tags.name"))).toBe(403);
    expect(() => r.resolve("@request.auth.id")).toThrow("Only admins can filter by @request.");
    expect(r.resolve("title")).toBeTruthy();
  });

  it("rejects malformed @request and @collection identifiers", async () => {
    for (const f of ["@request.foo = 1", "@request.auth = 1", "@request.headers.a:isset = 1", "@request.method:isset = 1", "@request.query.x:foo = 1", "@collection.tags = 1", "@collection.nope.id = 1", "@collection.tags.nope = 1", "@rowid = 1"]) {
      expect(status(() => compileFilter(f, resolver({ requestInfo: info() }))), f).toBe(400);
    }
  });
});

describe("@collection.*", () => {
  it.each<[string, string[]]>([
    ["@collection.tags.name ?= 'go'", ["p1", "p2", "p3"]],
    ["@collection.tags.name = 'go'", []],
    ["@collection.comments.post ?= id", ["p1", "p2"]],
    ["@collection.comments.post ?= id && @collection.comments.body ?= 'meh'", ["p1"]],
    ["@collection.comments:a.post ?= id && @collection.comments:b.body ?= 'meh'", ["p1", "p2"]],
    ["@collection.comments.post.title ?= title", ["p1", "p2"]],
  ])("%s", async (filter, expected) => expect(await ids(filter)).toEqual(expected));
});

describe("rules", () => {
  it("compileRule: an empty rule lets everything through; its joins go to runList's where", async () => {
    const r = resolver({ requestInfo: { auth: authOf("u1") } });
    expect(compileRule("  ", r)).toEqual({ sql: "1", params: [], joins: [] });
    const where = compileRule("author.team.name = 'red'", r);
    expect(where.joins).toHaveLength(2);
    const list = async (filter?: string) =>
      (await runList(db, { table: "posts", resolver: r, where, query: { filter, sort: "id" }, mapRow: (row) => String(row.id) })).items;
    expect(await list()).toEqual(["p1"]);
    expect(await list("author.name = 'Ann'")).toEqual(["p1"]);
    // the rule and the filter share the same joined rows, as the reference does
    const tagsRule = compileRule("tags.name ?= 'go'", r);
    const both = buildListSql({ table: "posts", resolver: r, where: tagsRule, query: { filter: "tags.name ?= 'js'" } });
    expect(both.select.sql.match(/LEFT JOIN/g)).toHaveLength(2);
    expect((await runList(db, { table: "posts", resolver: r, where: tagsRule, query: { filter: "tags.name ?= 'js'" }, mapRow: (row) => row.id })).items).toEqual([]);
  });

  it("ruleAllows checks one record with an EXISTS-style query", async () => {
    const ann: RequestInfo = { auth: authOf("u1") };
    const guest: RequestInfo = {};
    const opts = { findCollection: find };
    expect(await ruleAllows(db, posts, "author = @request.auth.id", "p1", ann, opts)).toBe(true);
    expect(await ruleAllows(db, posts, "author = @request.auth.id", "p2", ann, opts)).toBe(false);
    expect(await ruleAllows(db, posts, "author = @request.auth.id", "p1", guest, opts)).toBe(false);
    expect(await ruleAllows(db, posts, "", "p2", guest, opts)).toBe(true);
    expect(await ruleAllows(db, posts, "", "missing", guest, opts)).toBe(false);
    expect(await ruleAllows(db, posts, null, "p1", ann, opts)).toBe(false);
    expect(await ruleAllows(db, posts, "tags.name ?= 'js' && comments_via_post.body ?= 'meh'", "p1", guest, opts)).toBe(true);
    // view/update/delete rules see hidden emails by default
    expect(await ruleAllows(db, posts, "author.email = 'bob@x.io'", "p2", guest, opts)).toBe(true);
    expect(await ruleAllows(db, posts, "author.email = 'bob@x.io'", "p2", guest, { ...opts, allowHiddenFields: false })).toBe(false);
    expect(await statusOf(() => ruleAllows(db, posts, "nope = 1", "p1", guest, opts))).toBe(400);
  });

  it("checkAdminOnlyFields: a 403 for @collection./@request. anywhere in filter or sort, @collection. first", async () => {
    const msg = (q: Parameters<typeof checkAdminOnlyFields>[0]) => {
      try {
        checkAdminOnlyFields(q);
        return "ok";
      } catch (err) {
        return err instanceof DomainError ? `${errorStatus(err)} ${err.message}` : String(err);
      }
    };
    expect(msg({ filter: "title = 'x'", sort: "-created" })).toBe("ok");
    expect(msg({ filter: "title = '@request.x'" })).toBe("403 Only admins can filter by @request.");
    expect(msg({ filter: "@request.a = 1 && @collection.b.c = 1" })).toBe("403 Only admins can filter by @collection.");
    expect(msg({ filter: "@request.a = 1", sort: "@collection.b.c" })).toBe("403 Only admins can filter by @request.");
    expect(msg({ sort: "@collection.b.c" })).toBe("403 Only admins can filter by @collection.");
    expect(msg({ filter: "title = '@request'" })).toBe("ok");
  });
});
