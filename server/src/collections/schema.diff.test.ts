import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect } from "vitest";
import { differential, type DiffCase } from "../../test/support/differential.js";
import { cases, del, get, patch, post, sameSchema, serversRef, sqlOnBoth } from "../../test/support/collections.js";

const S = serversRef();

const field = (id: string, name: string, type: string, options?: unknown, extra: Record<string, unknown> = {}) => ({
  id, name, type, ...(options === undefined ? {} : { options }), ...extra,
});
const USERS = "_pb_users_auth_";
const TS = "2024-01-02 03:04:05.678Z";

const T = field("fld_text", "t", "text");
const N = field("fld_numb", "n", "number");
const S1 = field("fld_sel1", "s", "select", { values: ["a", "b", "c"], maxSelect: 1 });
const R1 = field("fld_rel1", "r", "relation", { collectionId: USERS, maxSelect: 1 });
const F2 = field("fld_file", "f", "file", { maxSelect: 2, maxSize: 100 });
const J = field("fld_json", "j", "json", { maxSize: 100 });

const all: DiffCase[] = [
  ...cases([["create posts", post({ id: "posts0000000001", name: "posts", schema: [T, N, S1, R1, F2, J], indexes: ["create index idx_posts_t on posts (t)"] })]]),
  sameSchema(S.get, "create"),
  sqlOnBoth(S.get, "insert rows", `INSERT INTO posts (id, t, n, s, r, f, j, created, updated) VALUES
    ('r1', 'hello', 5, 'a', 'u1', '["a.png","b.png"]', '{"a":1}', '${TS}', '${TS}'),
    ('r2', '', 0, '', '', '[]', NULL, '${TS}', '${TS}'),
    ('r3', 'x', 1.5, '["b","c"]', 'not json', 'single.png', '[1,2]', '${TS}', '${TS}')`),
  ...cases([
    ["type change is refused", patch("posts", { schema: [field("fld_text", "t", "number"), N, S1, R1, F2, J] })],
    ["relation target change is refused", patch("posts", { schema: [T, N, S1, field("fld_rel1", "r", "relation", { collectionId: "posts0000000001", maxSelect: 1 }), F2, J] })],
    ["failed change keeps everything (index on a missing column)", patch("posts", {
      schema: [field("fld_text", "title", "text"), N, S1, R1, F2, J], indexes: ["create index idx_posts_t on posts (t)"],
    })],
    ["after the failed change", get("posts")],
  ]),
  sameSchema(S.get, "a failed change", ["posts"]),
  ...cases([
    ["rename, add, delete and convert fields", patch("posts", {
      schema: [
        field("fld_text", "title", "text"),
        field("fld_sel1", "s", "select", { values: ["a", "b", "c"], maxSelect: 2 }),
        field("fld_rel1", "r", "relation", { collectionId: USERS, maxSelect: null }),
        field("fld_file", "f", "file", { maxSelect: 1, maxSize: 100 }),
        J,
        field("fld_bool", "b", "bool"),
      ],
      indexes: ["create index idx_posts_t on posts (title)"],
    })],
  ]),
  sameSchema(S.get, "renames and conversions", ["posts"]),
  ...cases([
    ["swap two names", patch("posts", {
      schema: [
        field("fld_text", "j", "text"), field("fld_sel1", "s", "select", { values: ["a", "b", "c"], maxSelect: 2 }),
        field("fld_rel1", "r", "relation", { collectionId: USERS, maxSelect: null }), field("fld_file", "f", "file", { maxSelect: 1, maxSize: 100 }),
        field("fld_json", "title", "json", { maxSize: 100 }), field("fld_bool", "b", "bool"),
      ],
      indexes: [],
    })],
  ]),
  sameSchema(S.get, "a name swap", ["posts"]),
  ...cases([
    ["convert back to single values", patch("posts", {
      schema: [
        field("fld_text", "j", "text"), field("fld_sel1", "s", "select", { values: ["a", "b", "c"], maxSelect: 1 }),
        field("fld_rel1", "r", "relation", { collectionId: USERS, maxSelect: 1 }), field("fld_file", "f", "file", { maxSelect: 5, maxSize: 100 }),
        field("fld_json", "title", "json", { maxSize: 100 }), field("fld_bool", "b", "bool"),
      ],
    })],
  ]),
  sameSchema(S.get, "converting back", ["posts"]),
  ...cases([
    ["add several new fields, some multiple", patch("posts", {
      schema: [
        field("fld_text", "j", "text"), field("fld_bool", "b", "bool"),
        field("new_mul1", "tags", "select", { values: ["x", "y"], maxSelect: 2 }),
        field("new_txt1", "summary", "text"),
        field("new_rel1", "authors", "relation", { collectionId: USERS }),
        field("new_edit", "body", "editor"), field("new_date", "when", "date"), field("new_mail", "mail", "email"), field("new_link", "link", "url"),
        field("new_numb", "count", "number"),
      ],
    })],
  ]),
  sameSchema(S.get, "adding fields", ["posts"]),
  ...cases([
    ["rename the collection with an index", patch("posts", { name: "articles", indexes: ["CREATE UNIQUE INDEX idx_a ON posts (j) WHERE j != ''", "create index idx_b on whatever (b, count desc)"] })],
    ["old name is gone", get("posts")],
    ["new name", get("articles")],
  ]),
  sameSchema(S.get, "renaming the collection", ["articles"]),
  ...cases([
    ["unique index over duplicate data fails", patch("articles", { indexes: ["create unique index idx_c on articles (b)"] })],
    ["index errors are reported per index", patch("articles", { indexes: ["create index i1 on articles (nope)", "create index i2 on articles (b)", "create index i3 on articles (nope2)"] })],
    ["index named like a table", patch("articles", { indexes: ["create index users on articles (b)"] })],
    ["same index name twice", patch("articles", { indexes: ["create index i1 on articles (b)", "create index i1 on articles (j)"] })],
    ["case-only rename keeps the table", patch("articles", { name: "Articles" })],
  ]),
  sameSchema(S.get, "index failures", ["articles"]),
  ...cases([
    ["self relation on update is fine", patch("Articles", { schema: [field("fld_text", "j", "text"), field("self_rel", "parent", "relation", { collectionId: "posts0000000001", maxSelect: 1 })] })],
    ["delete drops the table", del("articles")],
  ]),
  sameSchema(S.get, "deleting"),

  // auth tables
  ...cases([
    ["create auth", post({ id: "auth00000000001", name: "members", type: "auth", schema: [field("auth_nick", "nick", "text")], indexes: ["create index idx_nick on members (nick)"] })],
  ]),
  sameSchema(S.get, "creating an auth collection"),
  sqlOnBoth(S.get, "insert a member", `INSERT INTO members (id, username, tokenKey, passwordHash, nick, created, updated) VALUES ('m1', 'm1', 'tk', 'ph', 'nick1', '${TS}', '${TS}')`),
  ...cases([
    ["rename auth collection and drop all fields", patch("members", { name: "people", schema: [], indexes: [] })],
    ["add a field back", patch("people", { schema: [field("auth_bio1", "bio", "editor")] })],
  ]),
  sameSchema(S.get, "auth changes", ["people"]),

  // system collections
  ...cases([
    ["create a system collection", post({ id: "sys000000000001", name: "sys1", system: true, schema: [field("sysfield1", "f1", "text", undefined, { system: true }), field("normfld1", "f2", "text")] })],
    ["system: rename refused", patch("sys1", { name: "sys2" })],
    ["system: flag change refused", patch("sys1", { system: false })],
    ["system: field removal refused", patch("sys1", { schema: [field("normfld1", "f2", "text")] })],
    ["system: field rename refused", patch("sys1", { schema: [field("sysfield1", "f1x", "text", undefined, { system: true }), field("normfld1", "f2", "text")] })],
    ["system: field flag change refused", patch("sys1", { schema: [field("sysfield1", "f1", "text", undefined, { system: false }), field("normfld1", "f2", "text")] })],
    ["system: field option change refused", patch("sys1", { schema: [field("sysfield1", "f1", "text", { min: 3 }, { system: true }), field("normfld1", "f2", "text")] })],
    ["system: other changes allowed", patch("sys1", { listRule: "", indexes: ["create index sysidx on sys1 (f1)"], schema: [field("sysfield1", "f1", "text", undefined, { system: true }), field("normfld1", "f2", "text", undefined, { system: true })] })],
    ["system: delete refused", del("sys1")],
  ]),
  sameSchema(S.get, "system collection changes"),

  // references
  ...cases([
    ["target", post({ id: "target000000001", name: "target", schema: [field("tgt_text", "t", "text")] })],
    ["source relating to target", post({ id: "source000000001", name: "source", schema: [field("src_rel1", "tr", "relation", { collectionId: "target000000001", maxSelect: 1 })] })],
    ["delete referenced target refused", del("target")],
    ["delete referenced users refused", del("users")],
    ["drop the relation", patch("source", { schema: [field("src_text", "x", "text")] })],
    ["delete target now", del("target")],
  ]),
  sameSchema(S.get, "reference checks"),
  {
    name: "put files in both storages",
    req: () => ({ path: "/api/health" }),
    compare: "status",
    check: () => {
      for (const dir of [S.get().cairn.dataDir, S.get().ref.dataDir]) {
        mkdirSync(path.join(dir, "storage", "source000000001", "rec1"), { recursive: true });
        writeFileSync(path.join(dir, "storage", "source000000001", "rec1", "a.txt"), "hi");
      }
    },
  },
  ...cases([["delete source with files", del("source")]]),
  {
    name: "its files are gone",
    req: () => ({ path: "/api/health" }),
    compare: "status",
    check: () => {
      for (const dir of [S.get().cairn.dataDir, S.get().ref.dataDir]) expect(existsSync(path.join(dir, "storage", "source000000001")), dir).toBe(false);
    },
  },
];

describe("schema changes against the reference", () => {
  S.set(differential(all).servers);
});
