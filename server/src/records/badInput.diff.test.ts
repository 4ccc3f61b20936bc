import { describe } from "vitest";
import { differential, type DiffCase } from "../../test/support/differential.js";
import { admin, collection, rid } from "../../test/support/records.js";

const KINDS = {
  id: "kind00000000001",
  name: "kinds",
  schema: [
    { name: "t", type: "text" }, { name: "n", type: "number" }, { name: "b", type: "bool" }, { name: "e", type: "email" },
    { name: "u", type: "url" }, { name: "ed", type: "editor" }, { name: "d", type: "date" },
    { name: "s", type: "select", options: { values: ["a", "b"], maxSelect: 1 } },
    { name: "sm", type: "select", options: { values: ["a", "b"], maxSelect: 2 } },
    { name: "j", type: "json", options: { maxSize: 200 } },
    { name: "f", type: "file", options: { maxSelect: 1, maxSize: 10 } },
    { name: "r", type: "relation", options: { collectionId: "kind00000000001", maxSelect: 1 } },
    { name: "rm", type: "relation", options: { collectionId: "kind00000000001" } },
  ],
};

const WEIRD: [string, unknown][] = [
  ["object", { a: { b: [1, null] } }],
  ["list of objects", [{ a: 1 }, { b: 2 }]],
  ["nested list", [[1, 2], ["a"]]],
  ["big number", 1e308],
  ["negative zero", -0],
  ["long text", "x".repeat(3000)],
  ["unicode", "ünï \u0000 \ud83d\ude00"],
  ["json-looking text", '{"a":[1,2]}'],
  ["null", null],
];

const cases: DiffCase[] = [];
let i = 0;
for (const f of KINDS.schema) {
  for (const [label, value] of WEIRD) {
    i++;
    cases.push({ name: `${f.type} ${f.name}: ${label}`, req: admin.create("kinds", { id: rid(`w${i}`), [f.name]: value }) });
  }
}

describe("records: odd values for every field type", () => {
  differential([
    collection(KINDS),
    ...cases,
    { name: "list everything", req: admin.list("kinds", "?perPage=500&sort=id") },
  ]);
});
