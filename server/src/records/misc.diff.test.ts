import { describe } from "vitest";
import { differential } from "../../test/support/differential.js";
import { admin, cases, collection, guest, rid } from "../../test/support/records.js";

const UNIQ = {
  id: "uni000000000001",
  name: "uniq",
  schema: [
    { name: "code", type: "text" },
    { name: "j", type: "json", required: true, options: { maxSize: 10 } },
    { name: "t0", type: "text", options: { max: 0 } },
    { name: "n", type: "number", required: true },
    { name: "b", type: "bool", required: true },
  ],
  indexes: ["CREATE UNIQUE INDEX idx_code ON uniq (code)"],
  createRule: "",
};
const VIEW = {
  id: "vie000000000002",
  name: "v2",
  type: "view",
  options: { query: 'select id, code, j, (code || "x") as expr, 5 as num from uniq' },
  listRule: "",
  viewRule: null,
};

describe("records: unique indexes, required values, view collections", () => {
  differential([
    collection(UNIQ),
    ...cases([
      ["json {} is blank; number 0 and false are blank", admin.create("uniq", { id: rid("u1"), code: "a", j: {}, n: 0, b: false })],
      ["json [] is blank", admin.create("uniq", { id: rid("u1"), code: "a", j: [], n: 1, b: true })],
      ["json empty text is blank", admin.create("uniq", { id: rid("u1"), code: "a", j: "", n: 1, b: true })],
      ["json 0 is a value", admin.create("uniq", { id: rid("u1"), code: "a", j: 0, n: 1, b: true })],
      ["text max 0", admin.create("uniq", { id: rid("u2"), code: "b", j: 1, n: 1, b: true, t0: "x" })],
      ["unique index conflict on create", admin.create("uniq", { id: rid("u2"), code: "a", j: 1, n: 1, b: true })],
      ["guest unique index conflict on create", guest.create("uniq", { id: rid("u2"), code: "a", j: 1, n: 1, b: true })],
      ["second", admin.create("uniq", { id: rid("u2"), code: "b", j: 1, n: 2, b: true })],
      ["unique index conflict on update", admin.update("uniq", rid("u2"), { code: "a" })],
      ["json too large", admin.update("uniq", rid("u2"), { j: "12345678901" })],
      ["json required cleared", admin.update("uniq", rid("u2"), { j: null })],
    ]),
    collection(VIEW),
    ...cases([
      ["view: list", guest.list("v2", "?sort=id")],
      ["view: list filtered", admin.list("v2", "?sort=-id&filter=" + encodeURIComponent("code='b'"))],
      ["view: guest view is admin only", guest.view("v2", rid("u1"))],
      ["view: admin view", admin.view("v2", rid("u1"))],
      ["view: create", admin.create("v2", { code: "x" })],
      ["view: update", admin.update("v2", rid("u1"), { code: "x" })],
      ["view: delete", admin.del("v2", rid("u1"))],
      ["view: guest create", guest.create("v2", { code: "x" })],
    ]),
  ]);
});
