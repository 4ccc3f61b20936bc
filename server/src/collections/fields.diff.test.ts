import { describe } from "vitest";
import { differential, type DiffCase } from "../../test/support/differential.js";
import { createAndDrop, sameSchema, serversRef } from "../../test/support/collections.js";

const S = serversRef();
const coll = (schema: unknown[], extra: Record<string, unknown> = {}) => ({ name: "f", schema, ...extra });
const one = (type: string, options?: unknown, extra: Record<string, unknown> = {}) => coll([{ name: "x", type, ...(options === undefined ? {} : { options }), ...extra }]);

const all: DiffCase[] = [
  // every type with its defaults (select, file and json need options to be valid)
  ...createAndDrop("all types with defaults where valid", coll([
    { name: "t", type: "text" }, { name: "e", type: "editor" }, { name: "n", type: "number" }, { name: "b", type: "bool" },
    { name: "em", type: "email" }, { name: "u", type: "url" }, { name: "d", type: "date" },
    { name: "s", type: "select", options: { values: ["a", "b"], maxSelect: 1 } },
    { name: "fi", type: "file", options: { maxSelect: 1, maxSize: 10 } },
    { name: "r", type: "relation", options: { collectionId: "_pb_users_auth_" } },
    { name: "j", type: "json", options: { maxSize: 10 } },
  ])),
  ...createAndDrop("select, file and json without options", coll([{ name: "s", type: "select" }, { name: "fi", type: "file" }, { name: "j", type: "json" }])),
  ...createAndDrop("multiple select, file and relation", coll([
    { name: "s", type: "select", options: { values: ["a", "b", "c"], maxSelect: 2 } },
    { name: "fi", type: "file", options: { maxSelect: 3, maxSize: 1, thumbs: ["10x10", "0x10", "10x0t", "5x5b", "5x5f"], mimeTypes: ["image/png", "what/ever", null], protected: true } },
    { name: "r", type: "relation", options: { collectionId: "_pb_users_auth_", minSelect: 2, maxSelect: 2, cascadeDelete: true, displayFields: ["name", "bad"] } },
  ])),
  // field properties
  ...createAndDrop("field flags", coll([{ name: "x", type: "text", unique: true, system: true, presentable: true, required: true, id: "myid1" }])),
  ...createAndDrop("unknown field type", one("textx")),
  ...createAndDrop("blank field type", one("")),
  ...createAndDrop("field options as a list", one("text", [])),
  ...createAndDrop("field options as text", one("text", "x")),
  ...createAndDrop("field options null", one("text", null)),
  ...createAndDrop("field flag of the wrong type", coll([{ name: "x", type: "text", required: "x" }])),
  ...createAndDrop("field names and ids", coll([
    { name: "", type: "text" }, { name: "a b", type: "text", id: "abc" }, { name: "created", type: "text", id: "" }, { name: "collectionId", type: "text" },
    { name: "expand", type: "text" }, { name: "NULL", type: "text" }, { name: "true", type: "text" }, { name: "_rowid_", type: "text" },
    { name: "a_via_b", type: "text" }, { name: "username", type: "text" }, { name: "é", type: "text", id: "12345" },
    { name: "fi", type: "file", unique: true, options: { maxSelect: 1, maxSize: 1 } },
  ])),
  ...createAndDrop("field name and id lengths", coll([
    { name: "a".repeat(255), type: "text", id: "b".repeat(255) }, { name: "c".repeat(256), type: "text", id: "d".repeat(256) },
    { name: "q", type: "text", id: "a b c d" }, { name: "_x", type: "text", id: "1234" },
  ])),
  ...createAndDrop("duplicate field names ignore case", coll([{ name: "x", type: "text", options: { min: -1 } }, { name: "X", type: "text" }])),
  ...createAndDrop("duplicate field ids replace", coll([{ name: "x", type: "text", id: "same1" }, { name: "y", type: "bool", id: "same2" }, { name: "z", type: "text", id: "same1" }])),
  ...createAndDrop("field name colliding with a column", coll([{ name: "Id", type: "text" }])),
  ...createAndDrop("auth reserved names", coll([
    "username", "email", "emailVisibility", "verified", "tokenKey", "passwordHash", "password", "passwordConfirm", "oldPassword",
    "lastResetSentAt", "lastVerificationSentAt", "lastLoginAlertSentAt", "Username", "authRecord",
  ].map((name) => ({ name, type: "text" })), { type: "auth" })),
  ...createAndDrop("relation error comes before reserved names", coll([{ name: "r", type: "relation", options: { collectionId: "nope" } }, { name: "email", type: "text" }], { type: "auth" })),
  ...createAndDrop("reserved names come before duplicates", coll([{ name: "x", type: "text" }, { name: "email", type: "text" }, { name: "x", type: "text" }], { type: "auth" })),
  ...createAndDrop("field keys match case-insensitively", coll([{ NAME: "a", TYPE: "text", Options: { MIN: 3, Pattern: "x" } }])),

  // text
  ...createAndDrop("text: bad bounds and pattern", coll([
    { name: "a", type: "text", options: { min: -1, max: -2, pattern: "(" } }, { name: "b", type: "text", options: { min: 5, max: 3 } },
    { name: "c", type: "text", options: { max: -1 } }, { name: "d", type: "text", options: { min: 5, max: 0 } }, { name: "e", type: "text", options: { min: 0, max: -1 } },
  ])),
  ...createAndDrop("text: valid options", one("text", { min: 1.0, max: 1e3, pattern: "(?i)^abc\\d+$" })),
  ...createAndDrop("text: decimal min", one("text", { min: 1.5 })),
  ...createAndDrop("text: huge min", one("text", { min: 1e21 })),
  ...createAndDrop("text: min as text", one("text", { min: "5" })),
  ...createAndDrop("text: regexp errors", coll(["a(?=b)", "\\1", "*a", "[z-a]", "a{2,1}", "a**", "[a", "a)", "\\p{Foo}", "a{1001}", "(?P<n>a)(?P<n>b)", "\\Q",
    "x\\", "[[:foo:]]", "(?z)", "\\8", "(?P<>a)", "\\xZZ", "(a{500}){3}", "\\C", "[\\d-z]", "a|*", "(?i)*"].map((pattern, i) => ({ name: `p${i}`, type: "text", options: { pattern } })))),

  // number
  ...createAndDrop("number: bounds and decimals", coll([
    { name: "a", type: "number", options: { min: 5, max: 3 } }, { name: "b", type: "number", options: { min: 1.5, max: 3.5, noDecimal: true } },
    { name: "c", type: "number", options: { min: 1.5, max: 1, noDecimal: true } }, { name: "d", type: "number", options: { max: -5 } },
    { name: "e", type: "number", options: { min: 5, max: 0 } }, { name: "f", type: "number", options: { min: 0, max: -1 } },
  ])),
  ...createAndDrop("number: valid options", one("number", { min: -1e308, max: 1e3, noDecimal: false })),
  ...createAndDrop("number: min as text", one("number", { min: "1" })),

  // email and url
  ...createAndDrop("email/url: domain lists", coll([
    { name: "a", type: "email", options: { exceptDomains: ["a.com"], onlyDomains: ["b.com"] } },
    { name: "b", type: "url", options: { exceptDomains: ["a..com", "", "x"] } },
    { name: "c", type: "url", options: { onlyDomains: ["localhost", "a_b.com", "xn--80ak6aa92e.com", "a.b.c.d.co.uk", "1.2.3.4", "-a.com", "A.COM", "a.xn--p1ai", "a.b1", "a-.com", "a.c-d", "a.com."] } },
  ])),
  ...createAndDrop("email: valid domains", one("email", { exceptDomains: ["example.com", "Sub.Example.ORG"], onlyDomains: [] })),
  ...createAndDrop("url: domains not a list", one("url", { onlyDomains: "a.com" })),

  // date
  ...createAndDrop("date: max before min", one("date", { min: "2020-01-01 00:00:00.000Z", max: "2019-01-01" })),
  ...createAndDrop("date: sub-millisecond order", one("date", { min: "2020-01-01 00:00:00.123456Z", max: "2020-01-01 00:00:00.123Z" })),
  ...createAndDrop("date: formats", coll([
    { name: "a", type: "date", options: { min: "2020-01-01", max: "2020-01-01 00:00:00" } },
    { name: "b", type: "date", options: { min: "2020-01-01T10:00:00+02:00", max: "" } },
    { name: "c", type: "date", options: { min: "2020-01-01T10:00:00Z", max: "2021-01-01 10:00" } },
    { name: "d", type: "date", options: { min: "1700000000", max: "bad" } },
    { name: "e", type: "date", options: { max: "2020-01-01", min: null } },
    { name: "f", type: "date", options: { min: "2020-02-30", max: "2020-01-01 10:00:00 +0100" } },
  ])),
  ...createAndDrop("date: number bound", one("date", { min: 1700000000 })),

  // select
  ...createAndDrop("select: bad options", coll([
    { name: "a", type: "select", options: { values: ["a", "a", "b"], maxSelect: 4 } }, { name: "b", type: "select", options: { values: [], maxSelect: -1 } },
    { name: "c", type: "select", options: { values: ["", "x"], maxSelect: 0 } }, { name: "d", type: "select", options: { values: ["a"], maxSelect: 2 } },
    { name: "e", type: "select", options: { values: null, maxSelect: 1 } },
  ])),
  ...createAndDrop("select: decimal maxSelect", one("select", { values: ["a"], maxSelect: 1.5 })),

  // file
  ...createAndDrop("file: bad options", one("file", {
    maxSelect: -1, maxSize: -5, mimeTypes: ["bad", "image/png", ""],
    thumbs: ["0x0", "10x10", "10x0", "0x10", "10x10t", "10x10b", "10x10f", "100X100", "abc", "", "0x0t", "0x0b", "0x0f", "01x5"],
  })),

  // relation
  ...createAndDrop("relation: bounds", coll([
    { name: "a", type: "relation", options: { collectionId: "_pb_users_auth_", minSelect: 0, maxSelect: 0 } },
    { name: "b", type: "relation", options: { collectionId: "_pb_users_auth_", minSelect: 5, maxSelect: 3 } },
    { name: "c", type: "relation", options: { collectionId: "_pb_users_auth_", minSelect: -1, maxSelect: -3 } },
    { name: "d", type: "relation", options: { collectionId: "_pb_users_auth_", maxSelect: -1 } },
  ])),
  ...createAndDrop("relation: the first missing collection only", coll([
    { name: "a", type: "relation", options: { collectionId: "_pb_users_auth_", minSelect: -1 } },
    { name: "b", type: "relation", options: { collectionId: "users" } },
    { name: "c", type: "relation", options: { collectionId: "" } },
  ])),
  ...createAndDrop("relation: no options", one("relation")),
  ...createAndDrop("relation: single and null bounds", coll([
    { name: "a", type: "relation", options: { collectionId: "_pb_users_auth_", minSelect: 1, maxSelect: 1 } },
    { name: "b", type: "relation", options: { collectionId: "_pb_users_auth_", minSelect: null, maxSelect: null } },
  ])),
  ...createAndDrop("relation: to itself before it exists", coll([{ name: "a", type: "relation", options: { collectionId: "fffffffffffffff" } }], { id: "fffffffffffffff" })),

  // json
  ...createAndDrop("json: sizes", coll([{ name: "a", type: "json", options: { maxSize: -1 } }, { name: "b", type: "json", options: { maxSize: 0 } }])),
  ...createAndDrop("json: decimal size", one("json", { maxSize: 1.5 })),
  ...createAndDrop("editor and bool options", coll([{ name: "e", type: "editor", options: { convertUrls: true, x: 1 } }, { name: "b", type: "bool", options: { x: 1 } }])),
  ...createAndDrop("editor: convertUrls of the wrong type", one("editor", { convertUrls: "yes" })),
  sameSchema(S.get, "field cases"),
];

describe("field types and options against the reference", () => {
  S.set(differential(all).servers);
});
