import { describe } from "vitest";
import { differential, type DiffCase } from "../../test/support/differential.js";
import { createAndDrop, post, serversRef } from "../../test/support/collections.js";

const S = serversRef();

const RULES = [
  "", " ", "id = 1", "foo = 1", "id = ", "(id = 1", "((id = 1)", "id = 1)", "()", "(  )", "id", "= 1", "id = 1 &&", "id = 1 id = 2", "id == 1",
  'id = "abc', "id = 1.", "id = -", "id & 1", "id = 1 ||| t = 2", "id = #", "id = $", "/ x", "// only comment", "(id = 1) t = 1", "id = (1)",
  'id = "a" "b"', "id ~~ 1",
  '@request.auth.id != ""', "@request.auth.foo = 1", "@request.data.anything = 1", "@request.query.x = 1", "@request.headers.x_y = 1",
  '@request.method = "GET"', '@request.context = "x"', "@request.foo = 1", "@request = 1", "@request.auth = 1", "@request.data = 1",
  "@collection.users.name = 1", "@collection.nope.id = 1", "@collection.users.nope = 1", "@collection = 1", "@collection.users = 1",
  "@collection.users:u.id = 1", "@collection.users.name.x = 1", "@collection.users.id:length = 1",
  "created > @now", "id=@todayStart", "title.foo = 1", 'id ~ "x" && (created > 1 || updated < 2)', "id = @request.data.id:isset",
  "@request.data.x:length > 1", "@request.data.x:each = 1", "id:length = 1", "t:isset = 1", "@rowid = 1", "id ?= 1", "1 = 1", '"a" = "b"',
  "t = @collection.nope.id", "1 = foo", "id = t.x", "@request.auth.id.x = 1", "@request.auth.posts_via_r.id = 1",
  "r.name = 1 && r.avatar = 1 && j.a.b = 1", "r.nope = 1", "r.username = 1 && r.tokenKey = 1", "r.created.x = 1", "posts_via_r.id = 1",
  "tokenKey = 1", "username = 1",
];

const SCHEMA = [
  { name: "t", type: "text" },
  { name: "r", type: "relation", options: { collectionId: "_pb_users_auth_", maxSelect: 1 } },
  { name: "j", type: "json", options: { maxSize: 10 } },
];

const all: DiffCase[] = [
  { name: "setup: posts relating to users", req: post({ name: "posts", schema: [{ name: "r", type: "relation", options: { collectionId: "_pb_users_auth_" } }] }) },
  ...RULES.flatMap((rule, i) => createAndDrop(`listRule ${i}: ${JSON.stringify(rule)}`, { name: "c1", schema: SCHEMA, listRule: rule })),
  ...createAndDrop("every rule checked at once", { name: "c1", schema: SCHEMA, listRule: "foo = 1", viewRule: "(", createRule: "bar = 2", updateRule: "", deleteRule: "id = 1" }),
  ...createAndDrop("own collection is not yet loadable", { name: "c1", schema: SCHEMA, listRule: "@collection.c1.t = 1" }),
  ...createAndDrop("auth fields in rules", { name: "c1", type: "auth", listRule: "username = 1 && email = 2 && verified = true && emailVisibility = false" }),
  ...createAndDrop("auth secrets in rules", { name: "c1", type: "auth", listRule: "tokenKey = 1" }),
  ...createAndDrop("auth password hash in manageRule", { name: "c1", type: "auth", options: { minPasswordLength: 6, manageRule: "passwordHash = 1" } }),
  ...createAndDrop("auth reset time in manageRule", { name: "c1", type: "auth", options: { manageRule: "lastVerificationSentAt = 1 || lastLoginAlertSentAt = 1" } }),
  ...createAndDrop("manageRule checked after the other options", { name: "c1", type: "auth", options: { minPasswordLength: 0, onlyEmailDomains: ["bad"], manageRule: "foo = 1" } }),
  ...createAndDrop("blank manageRule", { name: "c1", type: "auth", options: { manageRule: "   " } }),
  ...createAndDrop("view rules use the view schema", { name: "c1", type: "view", options: { query: "select id, name as n from users" }, listRule: "n = 1 && name = 2" }),
  ...createAndDrop("view rules: create/update/delete must be null", { name: "c1", type: "view", options: { query: "select id from users" }, listRule: "", createRule: "", updateRule: "x = 1", deleteRule: null }),
];

const ON_USERS = [
  "posts_via_r.id = 1", "posts_via_r.r.name = 1", "posts_via_x.id = 1", "nope_via_r.id = 1", "posts_via_r = 1", "@collection._pb_users_auth_.id = 1",
  "@collection.USERS.id = 1", "avatar = 1", "avatar.x = 1", "name:length > 1", "@request.auth.collectionId = id", "email:isset = true",
];
all.push(...ON_USERS.map((rule, i): DiffCase => ({ name: `users listRule ${i}: ${rule}`, req: (c) => ({ method: "PATCH", path: "/api/collections/users", body: { listRule: rule, viewRule: rule }, token: c.token }) })));

describe("API rule validation against the reference", () => {
  S.set(differential(all).servers);
});

const AUTH: DiffCase[] = [
  ...createAndDrop("auth: defaults", { name: "a1", type: "auth" }),
  ...createAndDrop("auth: options null", { name: "a1", type: "auth", options: null }),
  ...createAndDrop("auth: option of the wrong type", { name: "a1", type: "auth", options: { allowEmailAuth: "x" } }),
  ...createAndDrop("auth: decimal password length", { name: "a1", type: "auth", options: { minPasswordLength: 6.5 } }),
  ...createAndDrop("auth: password length as text", { name: "a1", type: "auth", options: { minPasswordLength: "6" } }),
  ...createAndDrop("auth: domains as text", { name: "a1", type: "auth", options: { exceptEmailDomains: "x" } }),
  ...createAndDrop("auth: domains with a number", { name: "a1", type: "auth", options: { exceptEmailDomains: [1] } }),
  ...createAndDrop("auth: manageRule as a number", { name: "a1", type: "auth", options: { manageRule: 5 } }),
  ...createAndDrop("auth: too long, bad domain, blank rule", { name: "a1", type: "auth", options: { minPasswordLength: 73, exceptEmailDomains: ["bad"], manageRule: "" } }),
  ...createAndDrop("auth: length 4", { name: "a1", type: "auth", options: { minPasswordLength: 4 } }),
  ...createAndDrop("auth: length 5", { name: "a1", type: "auth", options: { minPasswordLength: 5 } }),
  ...createAndDrop("auth: negative length", { name: "a1", type: "auth", options: { minPasswordLength: -1 } }),
  ...createAndDrop("auth: email auth needs a length", { name: "a1", type: "auth", options: { allowEmailAuth: true } }),
  ...createAndDrop("auth: username auth needs a length", { name: "a1", type: "auth", options: { allowUsernameAuth: true, minPasswordLength: 0 } }),
  ...createAndDrop("auth: both domain lists", { name: "a1", type: "auth", options: { exceptEmailDomains: ["a.com"], onlyEmailDomains: ["b.com"] } }),
  ...createAndDrop("auth: empty domain lists", { name: "a1", type: "auth", options: { exceptEmailDomains: [], onlyEmailDomains: [] } }),
  ...createAndDrop("auth: everything set", {
    name: "a1", type: "auth", schema: [{ name: "nick", type: "text" }],
    options: { allowEmailAuth: true, allowOAuth2Auth: true, allowUsernameAuth: true, exceptEmailDomains: null, onlyEmailDomains: ["example.com"], manageRule: "nick != ''", minPasswordLength: 12, onlyVerified: true, requireEmail: true, extra: 1 },
  }),
  ...createAndDrop("auth: option keys ignore case", { name: "a1", type: "auth", options: { MINPASSWORDLENGTH: 9, AllowEmailAuth: true } }),
  ...createAndDrop("base: options are dropped", { name: "a1", type: "base", schema: [{ name: "t", type: "text" }], options: { minPasswordLength: 6, query: "x", foo: 1 } }),
  ...createAndDrop("view: query of the wrong type", { name: "a1", type: "view", options: { query: 1 } }),
  ...createAndDrop("view: query null", { name: "a1", type: "view", options: { query: null } }),
  ...createAndDrop("view: query as a list", { name: "a1", type: "view", options: { query: ["x"] } }),
  ...createAndDrop("view: submitted schema is ignored", { name: "a1", type: "view", options: { query: "select id from users" }, schema: [{ name: "x", type: "text" }] }),
];

describe("collection options against the reference", () => {
  differential(AUTH);
});
