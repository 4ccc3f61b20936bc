import { describe } from "vitest";
import { differential, type DiffCase } from "../../test/support/differential.js";
import { cases, get, importReq, list, raw, sameSchema, serversRef, sqlOnBoth } from "../../test/support/collections.js";

const S = serversRef();
const USERS = {
  id: "_pb_users_auth_", name: "users", type: "auth", system: false,
  schema: [{ system: false, id: "users_name", name: "name", type: "text", options: { min: null, max: null, pattern: "" } }],
  indexes: [], listRule: "id = @request.auth.id", viewRule: "id = @request.auth.id", createRule: "", updateRule: "id = @request.auth.id", deleteRule: "id = @request.auth.id",
  options: { allowEmailAuth: true, allowOAuth2Auth: true, allowUsernameAuth: true, minPasswordLength: 8 },
};
const BOOKS = { id: "books0000000001", name: "books", schema: [{ id: "bk_title", name: "title", type: "text" }, { id: "bk_authr", name: "author", type: "relation", options: { collectionId: "authors00000001", maxSelect: 1 } }] };
const AUTHORS = { id: "authors00000001", name: "authors", type: "base", schema: [{ id: "au_name1", name: "name", type: "text" }], indexes: ["create index idx_authors_name on authors (name)"] };

const all: DiffCase[] = [
  { name: "import requires admin", req: () => ({ method: "PUT", path: "/api/collections/import", body: {} }) },
  ...cases([
    ["empty body", importReq({})],
    ["empty list", importReq({ collections: [] })],
    ["collections not a list", importReq({ collections: "x" })],
    ["deleteMissing not a bool", importReq({ collections: [BOOKS], deleteMissing: "yes" })],
    ["malformed JSON", raw("PUT", "/api/collections/import", "{bad")],
    ["a collection without schema", importReq({ collections: [{ id: "imp2xxxxxxxxxxx", name: "imp2" }] })],
    ["a bad field option", importReq({ collections: [{ id: "imp3xxxxxxxxxxx", name: "imp3", schema: [{ name: "t", type: "text", options: { min: -1 } }] }] })],
    ["a bad type", importReq({ collections: [{ id: "imp3xxxxxxxxxxx", name: "imp3", type: "bad", schema: [{ name: "t", type: "text" }] }] })],
    ["an unknown field type", importReq({ collections: [{ id: "imp3xxxxxxxxxxx", name: "imp3", schema: [{ name: "t", type: "nope" }] }] })],
    ["a relation to a missing collection", importReq({ collections: [BOOKS] })],
    ["an index error", importReq({ collections: [{ ...AUTHORS, indexes: ["create index idx_x on authors (nope)"] }] })],
    ["an invalid index", importReq({ collections: [{ ...AUTHORS, indexes: ["bad"] }] })],
    ["a rule error", importReq({ collections: [{ ...AUTHORS, listRule: "nope = 1" }] })],
    ["nothing was kept", list("?sort=name")],
    ["relations resolve within the import", importReq({ collections: [BOOKS, AUTHORS] })],
    ["books", get("books")],
    ["authors", get("authors")],
  ]),
  sameSchema(S.get, "importing new collections"),
  sqlOnBoth(S.get, "insert a book", "INSERT INTO books (id, title, author, created, updated) VALUES ('b1', 'Dune', 'a1', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z')"),
  ...cases([
    ["merge: new fields are added to the existing ones", importReq({ collections: [{ id: "books0000000001", name: "books", schema: [{ id: "bk_pages", name: "pages", type: "number" }] }] })],
    ["merged books", get("books")],
    ["merge: rename a field and the collection", importReq({ collections: [{ id: "books0000000001", name: "novels", schema: [{ id: "bk_title", name: "name", type: "text" }] }] })],
    ["renamed", get("novels")],
    ["a type change is refused", importReq({ collections: [{ id: "books0000000001", name: "novels", type: "auth", schema: [] }] })],
    ["a view", importReq({ collections: [{ id: "view00000000001", name: "novel_names", type: "view", options: { query: "select id, name from novels" } }] })],
    ["the view", get("novel_names")],
    ["a bad view query", importReq({ collections: [{ id: "view00000000002", name: "bad_view", type: "view", options: { query: "select name from novels" } }] })],
  ]),
  sameSchema(S.get, "merging", ["novels"]),
  ...cases([
    ["deleteMissing refuses to drop a system collection", importReq({ collections: [USERS], deleteMissing: true })],
  ]),
  sqlOnBoth(S.get, "make nothing system", "UPDATE _collections SET system = FALSE"),
  ...cases([
    ["deleteMissing replaces the set", importReq({
      collections: [USERS, { id: "books0000000001", name: "novels", schema: [{ id: "bk_title", name: "name", type: "text" }], created: "2020-01-01 00:00:00.000Z" }],
      deleteMissing: true,
    })],
    ["what is left", list("?sort=name")],
  ]),
  sameSchema(S.get, "replacing", ["novels"]),
];

describe("collections import against the reference", () => {
  S.set(differential(all).servers);
});
