/**
 * Value modifiers against the reference, for JSON and multipart bodies: which field types
 * take `field+` and `field-`, that `+field` (a v0.23 prepend) is no modifier, that a
 * repeated multipart modifier key keeps its first value in the record while
 * `@request.data` sees all of them, how multipart texts are typed for rules, and that
 * uploads are not part of `@request.data`.
 */
import { describe, expect } from "vitest";
import type { Call } from "../../test/support/client.js";
import { differential, type Ctx, type DiffCase } from "../../test/support/differential.js";
import { collection, rid } from "../../test/support/records.js";

const TAGS = { id: "modtags00000001", name: "mtags", listRule: "", viewRule: "", schema: [{ name: "name", type: "text" }] };
const SCHEMA = [
  { name: "t", type: "text" },
  { name: "n", type: "number" },
  { name: "b", type: "bool" },
  { name: "d", type: "date" },
  { name: "j", type: "json", options: { maxSize: 2000 } },
  { name: "s", type: "select", options: { values: ["a", "b", "c", "d"], maxSelect: 1 } },
  { name: "sm", type: "select", options: { values: ["a", "b", "c", "d"], maxSelect: 4 } },
  { name: "r", type: "relation", options: { collectionId: TAGS.id, maxSelect: 1 } },
  { name: "rm", type: "relation", options: { collectionId: TAGS.id, maxSelect: 4 } },
  { name: "fm", type: "file", options: { maxSelect: 4, maxSize: 1000 } },
];
const OPEN = { listRule: "", viewRule: "", createRule: "", updateRule: "", deleteRule: "" };
const MODS = { id: "modsmods0000001", name: "mods", ...OPEN, schema: SCHEMA };
/** Its create and update rules change from case to case. */
const GATE = { id: "modsgate0000001", name: "gate", ...OPEN, schema: SCHEMA };

const T = (x: string) => rid(`tag${x}`);
const M = rid("mod1"), G = rid("gate1");
const P = "/api/collections/mods/records";
const GP = "/api/collections/gate/records";

type Form = NonNullable<Call["form"]>;
const json = (name: string, method: string, path: string, body: unknown): DiffCase => ({ name, req: () => ({ method, path, body }) });
const form = (name: string, method: string, path: string, parts: Form): DiffCase => ({ name, req: () => ({ method, path, form: parts }) });
/** Files get random names: statuses are compared, and the file count checked on Cairn's answer. */
const withFiles = (c: DiffCase, files: number): DiffCase => ({
  ...c,
  compare: "status",
  check: (a) => {
    if (a.status === 200) expect((a.body as { fm: string[] }).fm).toHaveLength(files);
  },
});
const rules = (rule: string, on: "create" | "update" = "create"): DiffCase => ({
  name: `${on} rule ${rule}`,
  req: (c: Ctx) => ({ method: "PATCH", path: "/api/collections/gate", token: c.token, body: on === "create" ? { createRule: rule, updateRule: "" } : { createRule: "", updateRule: rule } }),
});
let created = 0;
/** A create probe: a new id each time so that passing probes do not collide. */
const createProbe = (name: string, body: { json?: Record<string, unknown>; form?: Form }): DiffCase => {
  const id = rid(`g${++created}`);
  return body.form
    ? form(`create: ${name}`, "POST", GP, [["id", id], ...body.form])
    : json(`create: ${name}`, "POST", GP, { id, ...body.json });
};
const resetGate = (): DiffCase => ({ name: "reset the gate record", req: (c) => ({ method: "PATCH", path: `${GP}/${G}`, token: c.token, body: { t: "x", n: 1, s: "a", sm: ["a"], fm: [] } }) });

/** Every rule in `rules` against one request: the same statuses (and records) on both servers. */
function probes(name: string, on: "create" | "update", list: string[], body: { json?: Record<string, unknown>; form?: Form }): DiffCase[] {
  return list.flatMap((rule) => [
    rules(rule, on),
    ...(on === "update" ? [resetGate()] : []),
    on === "create"
      ? createProbe(`${name} [${rule}]`, body)
      : body.form
        ? form(`update: ${name} [${rule}]`, "PATCH", `${GP}/${G}`, body.form)
        : json(`update: ${name} [${rule}]`, "PATCH", `${GP}/${G}`, body.json),
  ]);
}

const cases: DiffCase[] = [
  collection(TAGS), collection(MODS), collection(GATE),
  ...["a", "b", "c", "d"].map((x) => ({ name: `tag ${x}`, req: (c: Ctx) => ({ method: "POST", path: "/api/collections/mtags/records", token: c.token, body: { id: T(x), name: x } }) })),
  { name: "gate record", req: (c: Ctx) => ({ method: "POST", path: GP, token: c.token, body: { id: G } }) },

  // JSON: every type with each modifier on create.
  ...Object.entries({ t: "x", n: 5, b: true, d: "2024-01-01 00:00:00.000Z", j: [1], s: "a", sm: ["a", "b"], r: T("a"), rm: [T("a"), T("b")] }).flatMap(([k, v], i) => [
    json(`json create ${k}+`, "POST", P, { id: rid(`c${i}p`), [`${k}+`]: v }),
    json(`json create +${k} (ignored)`, "POST", P, { id: rid(`c${i}q`), [`+${k}`]: v }),
    json(`json create ${k}-`, "POST", P, { id: rid(`c${i}m`), [`${k}-`]: v }),
  ]),
  json("json create the record to update", "POST", P, { id: M, t: "x", n: 5, sm: ["a", "b"], rm: [T("a"), T("b")], s: "a", r: T("a") }),
  json("json update +sm, +rm, +s, +r are ignored", "PATCH", `${P}/${M}`, { "+sm": "c", "+rm": T("c"), "+s": "b", "+r": T("b"), "+n": 3 }),
  json("json update sm, sm+ and +sm together", "PATCH", `${P}/${M}`, { sm: ["a"], "sm+": "b", "+sm": "c" }),
  json("json update sm+ then sm-", "PATCH", `${P}/${M}`, { "sm+": ["c", "d"], "sm-": "a" }),
  json("json update rm- and r-", "PATCH", `${P}/${M}`, { "rm-": T("a"), "r-": T("a") }),
  json("json update n, n+ and n-", "PATCH", `${P}/${M}`, { n: 1, "n+": 5, "n-": 2 }),
  json("json update t+ and j+ are ignored", "PATCH", `${P}/${M}`, { "t+": "y", "j+": 1 }),

  // Multipart: repeated keys and file modifiers.
  withFiles(form("form update with files", "PATCH", `${P}/${M}`, [["fm", ["a.txt", "aa"]], ["fm", ["b.txt", "bb"]]]), 2),
  withFiles(form("form update sm+ repeated keeps the first", "PATCH", `${P}/${M}`, [["sm+", "a"], ["sm+", "b"]]), 2),
  withFiles(form("form update sm- repeated keeps the first", "PATCH", `${P}/${M}`, [["sm-", "c"], ["sm-", "d"]]), 2),
  withFiles(form("form update rm+ repeated keeps the first", "PATCH", `${P}/${M}`, [["rm+", T("c")], ["rm+", T("d")]]), 2),
  withFiles(form("form update n+ repeated keeps the first", "PATCH", `${P}/${M}`, [["n+", "2"], ["n+", "10"]]), 2),
  withFiles(form("form update repeated text keeps the first", "PATCH", `${P}/${M}`, [["t", "one"], ["t", "two"]]), 2),
  withFiles(form("form update repeated single select takes the last", "PATCH", `${P}/${M}`, [["s", "c"], ["s", "d"]]), 2),
  withFiles(form("form update repeated multi select takes all", "PATCH", `${P}/${M}`, [["sm", "b"], ["sm", "c"], ["sm-", "b"]]), 2),
  withFiles(form("form update +sm is ignored", "PATCH", `${P}/${M}`, [["+sm", "a"]]), 2),
  withFiles(form("form update fm+ and +fm uploads are ignored", "PATCH", `${P}/${M}`, [["fm+", ["c.txt", "cc"]], ["+fm", ["d.txt", "dd"]]]), 2),
  withFiles(form("form update plain upload appends", "PATCH", `${P}/${M}`, [["fm", ["e.txt", "ee"]]]), 3),
  withFiles(json("json update fm+ by name is ignored", "PATCH", `${P}/${M}`, { fm: [], "fm+": "anything.txt" }), 0),
  withFiles(form("form modifiers in @jsonPayload apply with all their values", "PATCH", `${P}/${M}`, [["sm+", "a"], ["@jsonPayload", JSON.stringify({ "sm-": ["c"], "rm+": [T("a"), T("b")] })]]), 0),
  form("form every @jsonPayload applies", "PATCH", `${P}/${M}`, [["@jsonPayload", JSON.stringify({ t: "p1" })], ["@jsonPayload", JSON.stringify({ n: 2 })]]),
  json("view the record", "GET", `${P}/${M}`, undefined),

  // @request.data with modifiers.
  ...probes("json +sm", "create", ["@request.data.sm:length = 0", "@request.data.sm:isset = true"], { json: { "+sm": "a" } }),
  ...probes("json +sm", "update", ["@request.data.sm:length = 2", "@request.data.sm:isset = false"], { json: { "+sm": "b" } }),
  ...probes("json sm+ and sm-", "update", ["@request.data.sm:length = 1", "@request.data.sm = 'b'"], { json: { "sm+": "b", "sm-": "a" } }),
  ...probes("json n, n+ and n-", "update", ["@request.data.n = 6", "@request.data.n = 5"], { json: { "n+": 2, "n-": 1, n: 5 } }),
  ...probes("json t+", "update", ["@request.data.t = 'x'", "@request.data.t = 'xy'"], { json: { "t+": "y" } }),
  ...probes("form repeated sm+", "create", ["@request.data.sm:length = 2", "@request.data.sm:length = 1"], { form: [["sm+", "a"], ["sm+", "b"]] }),
  ...probes("form repeated sm+", "update", ["@request.data.sm:length = 3", "@request.data.sm:length = 2"], { form: [["sm+", "b"], ["sm+", "c"]] }),
  ...probes("form repeated sm-", "update", ["@request.data.sm:length = 0", "@request.data.sm:length = 1"], { form: [["sm+", "b"], ["sm-", "a"], ["sm-", "b"]] }),
  ...probes("form repeated n+", "create", ["@request.data.n = 0", "@request.data.n = 2", "@request.data.n = 12"], { form: [["n+", "2"], ["n+", "10"]] }),
  ...probes("form repeated n+", "update", ["@request.data.n = 1", "@request.data.n = 3"], { form: [["n+", "2"], ["n+", "10"]] }),
  ...probes("form fm- by name", "update", ["@request.data.fm:isset = true", "@request.data.fm:length = 0"], { form: [["fm-", "zzz.txt"]] }),
  // Which of the two `sm+` wins varies from run to run in the reference (it walks the form's
  // keys in Go map order), so only the statuses are compared.
  ...probes("form sm+ with a payload's sm+", "create", ["@request.data.sm:length = 1", "@request.data.sm:length = 2"], { form: [["sm+", "a"], ["@jsonPayload", JSON.stringify({ "sm+": "b" })]] }).map(
    (c): DiffCase => (c.name.startsWith("create:") ? { ...c, compare: "status" } : c),
  ),

  // How multipart texts read in rules.
  ...probes("form repeated text", "create", ["@request.data.t = '[\"one\",\"two\"]'", "@request.data.t = 'one'", "@request.data.t = ''"], { form: [["t", "one"], ["t", "two"]] }),
  ...probes("form repeated number", "create", ["@request.data.n = '[1,2]'", "@request.data.n = 1", "@request.data.n = 0"], { form: [["n", "1"], ["n", "2"]] }),
  ...probes("form repeated single select", "create", ["@request.data.s:length = 2", "@request.data.s = 'b'"], { form: [["s", "a"], ["s", "b"]] }),
  ...probes("form numeral in a text field", "create", ["@request.data.t = 123", "@request.data.t = '123'"], { form: [["t", "123"]] }),
  ...probes("form true in a text field", "create", ["@request.data.t = true", "@request.data.t = 'true'"], { form: [["t", "true"]] }),
  ...probes("form hex in a text field", "create", ["@request.data.t = '0x10'", "@request.data.t = 16"], { form: [["t", "0x10"]] }),
  ...probes("form numeral of no field", "create", ["@request.data.x = 5", "@request.data.x = '5'"], { form: [["x", "5"]] }),
  ...probes("form two payloads", "create", ["@request.data.t = 'p1' && @request.data.n = 2"], { form: [["@jsonPayload", JSON.stringify({ t: "p1" })], ["@jsonPayload", JSON.stringify({ n: 2 })]] }),
  ...probes("form uploads", "create", ["@request.data.fm:length = 0", "@request.data.fm:isset = true"], { form: [["fm", ["a.txt", "aa"]]] }).map((c) => (c.name.startsWith("create:") ? withFiles(c, 1) : c)),
];

describe("record value modifiers and @request.data", () => {
  differential(cases);
});
