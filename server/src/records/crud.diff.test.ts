import { describe } from "vitest";
import { differential } from "../../test/support/differential.js";
import { admin, cases, collection, guest, rid } from "../../test/support/records.js";

const TAGS = { id: "relt0000000001a", name: "tags", schema: [{ name: "name", type: "text" }], listRule: "", viewRule: "", createRule: "", updateRule: "", deleteRule: "" };
const ALL = {
  id: "allt0000000001a",
  name: "all",
  listRule: "", viewRule: "", createRule: "", updateRule: "", deleteRule: "",
  schema: [
    { name: "t", type: "text", options: { min: 2, max: 5, pattern: "^[a-z]+$" } },
    { name: "n", type: "number", options: { min: 1, max: 10, noDecimal: true } },
    { name: "b", type: "bool" },
    { name: "em", type: "email", options: { onlyDomains: ["a.com"] } },
    { name: "u", type: "url", options: { exceptDomains: ["b.com"] } },
    { name: "ed", type: "editor" },
    { name: "d", type: "date", options: { min: "2020-01-01 00:00:00.000Z", max: "2030-01-01 00:00:00.000Z" } },
    { name: "s", type: "select", options: { values: ["a", "b", "c"], maxSelect: 1 } },
    { name: "sm", type: "select", options: { values: ["a", "b", "c"], maxSelect: 2 } },
    { name: "j", type: "json", options: { maxSize: 20 } },
    { name: "f", type: "file", options: { maxSelect: 1, maxSize: 100 } },
    { name: "fm", type: "file", options: { maxSelect: 3, maxSize: 100000, mimeTypes: ["image/png", "text/plain"], thumbs: ["10x10"] } },
    { name: "r", type: "relation", options: { collectionId: "relt0000000001a", maxSelect: 1 } },
    { name: "rm", type: "relation", options: { collectionId: "relt0000000001a", minSelect: 2, maxSelect: 3 } },
    { name: "req", type: "text", required: true },
  ],
};
const CASTS = {
  id: "cst000000000001",
  name: "casts",
  schema: [
    { name: "t", type: "text" }, { name: "n", type: "number" }, { name: "b", type: "bool" }, { name: "d", type: "date" },
    { name: "j", type: "json", options: { maxSize: 2000 } },
    { name: "s", type: "select", options: { values: ["a", "b", "1", '["a"]'], maxSelect: 3 } },
    { name: "s1", type: "select", options: { values: ["a", "b", "1"], maxSelect: 1 } },
    { name: "e", type: "email" }, { name: "u", type: "url" },
  ],
};
const LOCKED = { id: "lock00000000001", name: "locked", schema: [{ name: "name", type: "text" }] };
const RULED = {
  id: "rul000000000001", name: "ruled", schema: [{ name: "name", type: "text" }],
  listRule: 'name = "ok"', viewRule: 'name = "ok"', createRule: 'name = "ok"', updateRule: 'name = "ok"', deleteRule: 'name = "ok"',
};

const T1 = rid("tag1"), T2 = rid("tag2"), T3 = rid("tag3");
const R1 = rid("rec1");

describe("records: create, view, update, list, delete with validation", () => {
  differential([
    collection(TAGS), collection(ALL), collection(CASTS), collection(LOCKED), collection(RULED),
    ...cases([
      ["tag 1", admin.create("tags", { id: T1, name: "one" })],
      ["tag 2", admin.create("tags", { id: T2, name: "two" })],
      ["tag 3", admin.create("tags", { id: T3, name: "three" })],
      ["duplicate id", admin.create("tags", { id: T2, name: "dup" })],
      ["short id", admin.create("tags", { id: "short" })],
      ["numeric id", admin.create("tags", { id: 12 })],
      ["id with bad characters", admin.create("tags", { id: "abc-00000000001" })],
      ["id with upper case and underscore", admin.create("tags", { id: "UP_er0000000001" })],
      ["empty body needs req", admin.create("all", {})],
      ["minimal", admin.create("all", { id: rid("min"), req: "x" })],
      ["every constraint fails", admin.create("all", { req: "x", t: "A", n: 1.5, b: "zz", em: "x@b.com", u: "http://b.com", d: "2040-01-01", s: "z", sm: ["a", "b", "c"], j: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", r: "nope", rm: ["nope"] })],
      ["more constraint failures", admin.create("all", { req: "x", t: "abcdef", n: 0.5, em: "bad", u: "bad", d: "2010-01-01", s: ["a", "b"], sm: "a", j: { a: 1 }, r: [T1, T2], rm: [T1] })],
      ["too many and pattern", admin.create("all", { req: "x", t: "ab1", n: 11, em: "x@a.com", u: "https://c.com", d: "bad", s: ["a", "z"], sm: ["a", "a", "b"], j: [1, 2], r: [T1], rm: [T1, T1, T2, "x", "y"] })],
      ["number min", admin.create("all", { req: "x", n: -3 })],
      ["valid full record", admin.create("all", { id: R1, req: "x", t: "abc", n: "5", b: true, em: "Q@a.com", u: "http://x.com/a", ed: "<p>hi</p>", d: "2025-01-02T03:04:05Z", s: ["a", "b"], sm: "a", j: "str", r: [T1, T2], rm: [T2, T3] })],
      ["view it", admin.view("all", R1)],
      ["modifiers: append, prepend, add", admin.update("all", R1, { "n+": 2, "sm+": ["b"], "rm+": T1, "+rm": T3, j: { x: [1, "a"] } })],
      ["modifiers: remove, subtract; id change refused", admin.update("all", R1, { "n-": "1", "sm-": "a", "rm-": [T2], "r-": T2, id: "zzzzzzzzzzzzzzz" })],
      ["modifiers: remove and subtract", admin.update("all", R1, { "n-": "1", "sm-": "a", "rm-": [T2], "r-": T2, id: R1, created: "2000-01-01 00:00:00.000Z" })],
      ["modifier past max", admin.update("all", R1, { "+sm": "c", "n+": 100 })],
      ["required cleared", admin.update("all", R1, { t: "", req: "" })],
      ["clear optional values", admin.update("all", R1, { t: "", n: 0, b: false, em: "", u: "", d: "", s: "", sm: [], j: null, r: "", rm: [] })],
      ["after clearing", admin.view("all", R1)],
      ["unknown fields ignored", admin.create("all", { id: rid("unk"), req: "x", created: "2000-01-01 00:00:00.000Z", collectionId: "x", expand: { a: 1 }, unknown: 1 })],
      ["casts 1", admin.create("casts", { id: rid("c1"), j: "[1,2]", t: 1.5, n: true, b: "t", d: 1234 })],
      ["casts 2", admin.create("casts", { id: rid("c2"), j: "123", t: true, n: "1e3", b: 2, d: "2024-01-01" })],
      ["casts 3", admin.create("casts", { id: rid("c3"), j: "{bad", t: [1], n: [1], b: "yes", d: "2024-01-01 10:00:00" })],
      ["casts 4", admin.create("casts", { id: rid("c4"), j: true, t: { a: 1 }, n: null, s: '["a","b"]', s1: 1 })],
      ["casts 5", admin.create("casts", { id: rid("c5"), j: { z: 1, a: "<&>" }, s: ["a", 1, "a"], s1: [] })],
      ["casts 6", admin.create("casts", { s: "a,b" })],
      ["casts 7", admin.create("casts", { id: rid("c7"), t: 1e21, n: " 5" })],
      ["casts 8", admin.create("casts", { id: rid("c8"), d: "2024-01-01T10:00:00.123456+02:00", t: 0.1 })],
      ["casts 9", admin.create("casts", { id: rid("c9"), t: 123456789.123, n: "0x10", e: "a@b.co", u: "example.com" })],
      ["casts 10", admin.create("casts", { id: rid("c0"), e: "no", u: "http://" })],
      // lists
      ["list all", admin.list("all")],
      ["list with paging and sort", admin.list("all", "?perPage=1&page=2&sort=-id")],
      ["list with filter", admin.list("casts", "?filter=" + encodeURIComponent("n > 0 && b = true") + "&sort=id")],
      ["list skipTotal", admin.list("casts", "?skipTotal=1&sort=-t")],
      ["list bad filter", admin.list("all", "?filter=" + encodeURIComponent("(n >"))],
      ["list unknown field", admin.list("all", "?filter=" + encodeURIComponent("nope > 1"))],
      ["list bad sort", admin.list("all", "?sort=nope")],
      ["list filter through a relation", admin.list("all", "?filter=" + encodeURIComponent("rm.name ?= 'three'"))],
      ["list unknown collection", admin.list("nope")],
      ["view unknown record", admin.view("all", "nope")],
      ["update unknown record", admin.update("all", "nope", { t: "x" })],
      ["delete unknown record", admin.del("all", "nope")],
      // bodies
      ["malformed body", admin.raw("POST", "/api/collections/all/records", '{"req":')],
      ["array body", admin.raw("POST", "/api/collections/all/records", "[1]")],
      ["string body", admin.raw("POST", "/api/collections/all/records", '"x"')],
      ["empty body", admin.raw("POST", "/api/collections/all/records", "")],
      // rules
      ["locked: guest list", guest.list("locked")],
      ["locked: admin create", admin.create("locked", { id: rid("l1"), name: "x" })],
      ["locked: guest view", guest.view("locked", rid("l1"))],
      ["locked: guest create", guest.create("locked", { name: "x" })],
      ["locked: guest create malformed", guest.raw("POST", "/api/collections/locked/records", '{"x":')],
      ["locked: guest update", guest.update("locked", rid("l1"), { name: "y" })],
      ["locked: guest delete", guest.del("locked", rid("l1"))],
      ["ruled: admin creates ok", admin.create("ruled", { id: rid("ok1"), name: "ok" })],
      ["ruled: admin creates no", admin.create("ruled", { id: rid("no1"), name: "no" })],
      ["ruled: guest list", guest.list("ruled")],
      ["ruled: guest list filtered", guest.list("ruled", "?filter=" + encodeURIComponent("name = 'x'"))],
      ["ruled: guest filter on @request", guest.list("ruled", "?filter=" + encodeURIComponent("@request.auth.id = ''"))],
      ["ruled: guest view hidden", guest.view("ruled", rid("no1"))],
      ["ruled: guest view ok", guest.view("ruled", rid("ok1"))],
      ["ruled: guest create failing the rule", guest.create("ruled", { name: "x" })],
      ["ruled: guest create passing the rule", guest.create("ruled", { id: rid("ok2"), name: "ok" })],
      ["ruled: guest create malformed", guest.raw("POST", "/api/collections/ruled/records", '{"x":')],
      ["ruled: guest update hidden", guest.update("ruled", rid("no1"), { name: "x" })],
      ["ruled: guest update ok", guest.update("ruled", rid("ok2"), { name: "ok" })],
      ["ruled: guest delete hidden", guest.del("ruled", rid("no1"))],
      ["ruled: guest delete ok", guest.del("ruled", rid("ok2"))],
      ["guest create with validation errors", guest.create("all", { t: "A" })],
      ["guest create with a taken id", guest.create("all", { req: "A", id: R1 })],
      ["guest update with validation errors", guest.update("all", R1, { t: "A" })],
      ["delete", admin.del("all", R1)],
      ["deleted", admin.view("all", R1)],
    ]),
  ]);
});
