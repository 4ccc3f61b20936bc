import { describe } from "vitest";
import { differential, type DiffCase } from "../../test/support/differential.js";
import { cases, createAndDrop, del, get, patch, post, sameSchema, serversRef, sqlOnBoth } from "../../test/support/collections.js";

const S = serversRef();
const view = (name: string, query: unknown, extra: Record<string, unknown> = {}) => ({ name, type: "view", options: { query }, ...extra });

const QUERIES = [
  "select cast(1 as text) as id from users", "select id from users", "select name from users", "select * from users", "select users.* from users",
  "select id, name from nope", "select id, name from users; delete from users", "delete from users", "select id, 1+1 from users",
  "select id, max(name) from users", 'select id, name as "my name" from users', "", "  select id from users;  ", "SELECT id, NAME FROM USERS",
  "select u.id, u.name as n from users as u", "select id, id as id from users", "select id, name, name from users", "select id, avatar as created from users",
  "select id as id, total(1) as t from users", "with x as (select id from users) select id from x", "select distinct id, name from users",
  "select id, (select count(*) from users) as c from users", "select a.id, b.name from users a join users b on a.id=b.id",
  "select id, n2 as n3 from (select id, name as n2 from users)", "insert into users (id) values (1)", 'select id, name from users where name = "x"',
  'select id, json_extract(name, "$.x") as j from users', "select id, username as u, email as e, verified as v, emailVisibility as ev, tokenKey as tk from users",
  "select id, Name from users", "select id, name from posts union select id, name from users", "select id, name as x_y from users",
  "select id, name as `ab` from users", 'select id,name "ab" from users', "select id, name ab from users", "select 1 as id", 'select "x" as id',
  "select id, name from users order by name", "select id from users limit 1 offset 1", "select id, name from users group by id having count(*) > 0",
  "select id from users except select id from users", "select id, name from users natural join posts", "select users.id from users join posts using (id)",
  "select id, row_number() over w as rn from users window w as (order by id)", "select id from users as u as x", "select id from users a b c d",
  "select id, name from users u1 where u1.id in (select id from users)", "select id, name from users cross join posts", "SELECT ID, name FROM users",
  'select id, "name" from users', "select id, [name] from users", "select id, users.[name] from users", "select id, `users`.`name` from `users`",
  "select id, 'name' from users", "select id, name 'n' from users", "select\nid,\n\tname\nfrom\nusers", "select id from users; select id from users",
  "select id, 1 + 1 as two from users", "select (ROW_NUMBER() OVER()) as id, p.title, p.owner, p.tags, p.created as c from posts p",
  "select p.id, u.id as uid, u.email from posts p left join users u on u.id = p.owner", "select id, count(id) as cnt, total(id) as tt from users",
];

const all: DiffCase[] = [
  ...cases([["posts", post({
    id: "posts0000000001", name: "posts", schema: [
      { id: "fld_titl", name: "title", type: "text", required: true }, { id: "fld_ownr", name: "owner", type: "relation", options: { collectionId: "_pb_users_auth_", maxSelect: 1 } },
      { id: "fld_tags", name: "tags", type: "select", options: { values: ["a", "b"], maxSelect: 2 } }, { id: "fld_name", name: "name", type: "text" },
    ],
  })]]),
  ...QUERIES.flatMap((q, i) => createAndDrop(`view ${i}: ${JSON.stringify(q).slice(0, 80)}`, view("v9", q))),
  ...createAndDrop("view with indexes", view("v9", "select id from users", { indexes: ["create index x on v9 (id)"] })),
  ...createAndDrop("view with an empty index list", view("v9", "select id from users", { indexes: [] })),
  ...createAndDrop("view with an invalid name and query", view("_v", "select name from users")),
  ...createAndDrop("view relating to a view is checked", view("v9", "select id from users", { schema: [{ name: "x", type: "relation", options: { collectionId: "nope" } }] })),
  ...cases([
    ["create a view", post(view("v1", "select id, name, created from users", { id: "view00000000001", listRule: "name != ''" }))],
    ["create a wrapped view", post(view("v2", "select (ROW_NUMBER() OVER()) as id, p.title as x, u.id as uid, p.tags, p.owner from posts p left join users u on u.id = p.owner", { id: "view00000000002" }))],
    ["create a view over a view", post(view("v3", "select id, name as n from v1", { id: "view00000000003" }))],
  ]),
  sameSchema(S.get, "creating views"),
  sqlOnBoth(S.get, "insert a user", "INSERT INTO users (id, username, tokenKey, passwordHash, name, created, updated) VALUES ('u1', 'u1', 'tk', 'ph', 'Ann', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z')"),
  ...cases([
    ["base relating to a view is refused", post({ name: "b1", schema: [{ name: "r", type: "relation", options: { collectionId: "view00000000001" } }] })],
    ["view relating to a view is allowed", post(view("v4", "select id, name from users", { id: "view00000000004", schema: [] }))],
    ["view type cannot change", patch("v1", { type: "base" })],
    ["view: rename and new query", patch("v1", { name: "v1renamed", options: { query: "select id, name, username from users" } })],
    ["view: old name gone", get("v1")],
    ["view: bad new query keeps the old one", patch("v1renamed", { options: { query: "select name from users" } })],
    ["view: create rule refused", patch("v1renamed", { createRule: "" })],
    ["view: empty patch regenerates", patch("v2", {})],
    ["view: options merge keeps the query", patch("v2", { options: { other: 1 } })],
    ["view: query cleared", patch("v2", { options: { query: "" } })],
    ["delete a collection a view needs", del("posts")],
    ["delete a view another view needs", del("v3")],
    ["delete v3 first", del("v3")],
  ]),
  sameSchema(S.get, "view changes"),
  ...cases([
    ["view reading posts", post(view("v5", "select id, title from posts", { id: "view00000000005" }))],
    ["posts cannot be deleted while v5 needs it", del("posts")],
    ["delete v5", del("v5")],
    ["delete v2", del("v2")],
    ["posts can be deleted now", del("posts")],
  ]),
  sameSchema(S.get, "deleting views"),
  ...cases([
    ["conv", post({ id: "conv00000000001", name: "conv", schema: [{ id: "conv_sel", name: "s", type: "select", options: { values: ["a", "b"], maxSelect: 1 } }, { id: "conv_txt", name: "t", type: "text" }] })],
    ["view over conv", post(view("vconv", "select id, s, t from conv", { id: "view00000000006" }))],
  ]),
  sqlOnBoth(S.get, "insert conv rows", "INSERT INTO conv (id, s, t, created, updated) VALUES ('c1', 'a', 'x', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z')"),
  ...cases([
    ["a column a view reads switches to multiple", patch("conv", { schema: [{ id: "conv_sel", name: "s", type: "select", options: { values: ["a", "b"], maxSelect: 2 } }, { id: "conv_txt", name: "t", type: "text" }] })],
    ["a column a view reads is renamed", patch("conv", { schema: [{ id: "conv_sel", name: "s", type: "select", options: { values: ["a", "b"], maxSelect: 2 } }, { id: "conv_txt", name: "t2", type: "text" }] })],
    ["the view after its source changed", get("vconv")],
    ["a column a view reads cannot be dropped", patch("conv", { schema: [{ id: "conv_sel", name: "s", type: "select", options: { values: ["a", "b"], maxSelect: 2 } }] })],
  ]),
  // (vconv's SQL now reads "t2", a string literal for the reference's SQLite; this SQLite build
  // refuses double-quoted literals, so its rows are not compared.)
  sameSchema(S.get, "changing a view's source", ["conv"]),
  ...cases([
    ["src", post({ id: "src000000000001", name: "src", schema: [{ id: "src_txt1", name: "a", type: "text" }, { id: "src_txt2", name: "b", type: "text" }] })],
    ["view over src", post(view("vsrc", "select id, a, b from src", { id: "view00000000007" }))],
    ["a column a view reads unquoted cannot be dropped", patch("src", { schema: [{ id: "src_txt1", name: "a", type: "text" }] })],
    ["renaming a table a view reads", patch("src", { name: "src2" })],
    ["the view after the rename", get("vsrc")],
    ["adding a field to the renamed table", patch("src2", { schema: [{ id: "src_txt1", name: "a", type: "text" }, { id: "src_txt2", name: "b", type: "text" }, { id: "src_txt3", name: "c", type: "number" }] })],
    ["the view's query can follow", patch("vsrc", { options: { query: "select id, a, c from src2" } })],
  ]),
  sameSchema(S.get, "renaming a view's source", ["src2", "vsrc"]),
];

describe("view collections against the reference", () => {
  S.set(differential(all).servers);
});
