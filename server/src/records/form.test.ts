import { describe, expect, it } from "vitest";
import { formValues, loadBody, UnknownFilenamesError } from "./form.js";
import { readSchema, type CollectionModel } from "../models/collection.js";

const coll = (schema: unknown[], type = "base"): CollectionModel => ({
  id: "c", created: "", updated: "", name: "c", type, system: false, schema: readSchema(schema), indexes: [],
  listRule: null, viewRule: null, createRule: null, updateRule: null, deleteRule: null, options: {},
});

const C = coll([
  { name: "n", type: "number" },
  { name: "tags", type: "select", options: { values: ["a", "b", "c"], maxSelect: 3 } },
  { name: "one", type: "relation", options: { collectionId: "x", maxSelect: 1 } },
  { name: "files", type: "file", options: { maxSelect: 5, maxSize: 10 } },
  { name: "t", type: "text" },
]);
const current = { id: "r", n: 5, tags: ["a"], one: "x1", files: ["f1.txt", "f2.txt"], t: "keep" };

describe("loading a body onto a record", () => {
  it("adds and subtracts numbers", () => {
    expect(loadBody(C, current, { "n+": 2 }).data.n).toBe(7);
    expect(loadBody(C, current, { "n-": "1.5" }).data.n).toBe(3.5);
    expect(loadBody(C, current, { n: 1, "n+": 1 }).data.n).toBe(2);
  });
  it("appends and removes list values (values already there are not added again); +field is no modifier", () => {
    expect(loadBody(C, current, { "tags+": ["b", "a"], "+tags": "c" }).data.tags).toEqual(["a", "b"]);
    expect(loadBody(C, current, { "tags-": "a" }).data.tags).toEqual([]);
    expect(loadBody(C, current, { "one+": "x2" }).data.one).toBe("x2");
    expect(loadBody(C, current, { "one-": "x1" }).data.one).toBe("");
  });
  it("keeps or drops known files only, and lists the dropped ones", () => {
    const f = loadBody(C, current, { files: ["f2.txt"] });
    expect(f.data.files).toEqual(["f2.txt"]);
    expect(f.removedFiles).toEqual(["f1.txt"]);
    expect(() => loadBody(C, current, { files: ["nope.txt"] })).toThrow(UnknownFilenamesError);
    expect(loadBody(C, current, { "files-": ["f1.txt", "nope"] }).data.files).toEqual(["f2.txt"]);
    expect(loadBody(C, current, { files: [], "files+": "f1.txt" }).data.files).toEqual([]);
  });
  it("appends uploads to a multiple file field", () => {
    const f = loadBody(C, current, {}, new Map([["files", [{ originalName: "new.txt", data: Buffer.from("x") }]]]));
    expect(f.data.files).toHaveLength(3);
    expect(f.uploads[0].name).toMatch(/^new_[A-Za-z0-9]{10}\.txt$/);
    expect(f.uploads[0].mime).toMatch(/^text\/plain/);
  });
  it("ignores unknown keys and leaves absent fields alone", () => {
    const f = loadBody(C, current, { nope: 1, "t+": "x" });
    expect(f.data.t).toBe("keep");
    expect(f.data).not.toHaveProperty("nope");
  });
  it("reads the auth inputs of auth collections only", () => {
    const a = coll([], "auth");
    expect(loadBody(a, {}, { username: 1, password: "p", verified: "true" }).auth).toEqual({ username: "1", password: "p", verified: true });
    expect(loadBody(C, current, { username: "x" }).auth).toEqual({});
  });
});

describe("multipart form values", () => {
  it("keep the first value of a repeated key unless it names a select, relation or file field", () => {
    const data = { t: ["one", "two"], tags: ["a", "b"], "tags+": ["a", "b"], files: ["f1.txt", "f2.txt"], n: "3" };
    const texts = new Map([["t", ["one", "two"]], ["tags", ["a", "b"]], ["tags+", ["a", "b"]], ["files", ["f1.txt", "f2.txt"]], ["n", ["3"]]]);
    expect(formValues(C, data, texts)).toEqual({ t: "one", tags: ["a", "b"], "tags+": "a", files: ["f1.txt", "f2.txt"], n: "3" });
    expect(formValues(C, data, undefined)).toBe(data);
  });
});
