import { parse } from "csv-parse/browser/esm/sync";
import { describe, expect, it } from "vitest";
import { schemaField, testCollection } from "../../../test/collections";
import { recordsCsv, csvText, exportFields } from "./exportModel";
import { BAD_FILE, cellValue, defaultMapping, errorLines, failedRowsCsv, importTargets, parseImportFile, rowBody } from "./importModel";

const posts = testCollection("posts", "base", [
  schemaField("title", "text"),
  schemaField("views", "number"),
  schemaField("done", "bool"),
  schemaField("tags", "select", { maxSelect: 3, values: ["a", "b", "c"] }),
  schemaField("kind", "select", { maxSelect: 1, values: ["x", "y"] }),
  schemaField("authors", "relation", { maxSelect: null, collectionId: "users" }),
  schemaField("meta", "json"),
  schemaField("cover", "file", { maxSelect: 1 }),
]);
const { targets, fileFields } = importTargets(posts);

describe("parseImportFile", () => {
  it("reads RFC 4180 CSV: quoted commas, quotes, line breaks, a BOM, short rows", () => {
    const text = '\uFEFFtitle,views, meta \r\n"Hello, ""world""","3","{""a"":1}"\r\n"two\nlines",,\r\nshort\r\n';
    const file = parseImportFile("posts.csv", text);
    expect(file.kind).toBe("csv");
    expect(file.columns).toEqual(["title", "views", "meta"]);
    expect(file.rows).toEqual([
      { title: 'Hello, "world"', views: "3", meta: '{"a":1}' },
      { title: "two\nlines", views: "", meta: "" },
      { title: "short", views: "", meta: "" },
    ]);
  });

  it("reads a JSON array of objects, its columns the union of their keys", () => {
    const file = parseImportFile("x.json", '[{"title":"a","views":1},{"done":true}]');
    expect(file).toEqual({ kind: "json", columns: ["title", "views", "done"], rows: [{ title: "a", views: 1 }, { done: true }] });
  });

  it("refuses what is neither", () => {
    expect(() => parseImportFile("x.json", '{"title":"a"}')).toThrow(BAD_FILE);
    expect(() => parseImportFile("x.json", "[1, 2]")).toThrow(BAD_FILE);
    expect(() => parseImportFile("x.csv", 'a,"b\n')).toThrow(BAD_FILE);
    expect(() => parseImportFile("x.csv", "")).toThrow(BAD_FILE);
  });

  it("reads back what the export writes (CSV round trip)", () => {
    const records = [{ id: "r1", title: 'q "x", y\r\nz', tags: ["a", "b"], meta: { k: [1, ","] }, views: 2, done: true }];
    const fields = ["id", "title", "tags", "meta", "views", "done"];
    const text = csvText([fields]) + recordsCsv(records, fields);
    expect(parse(text)).toEqual([fields, ["r1", 'q "x", y\r\nz', '["a","b"]', '{"k":[1,","]}', "2", "true"]]);
    const file = parseImportFile("posts.csv", text);
    const body = rowBody(file.rows[0], defaultMapping(file.columns, targets), targets, file.kind);
    expect(body).toEqual({ id: "r1", title: 'q "x", y\r\nz', tags: ["a", "b"], meta: { k: [1, ","] }, views: 2, done: true });
  });
});

describe("mapping", () => {
  it("targets every field but files, which are listed apart; auth collections add their fields", () => {
    expect(targets.map((t) => t.name)).toEqual(["id", "title", "views", "done", "tags", "kind", "authors", "meta"]);
    expect(fileFields).toEqual(["cover"]);
    const users = importTargets(testCollection("users", "auth", [schemaField("name", "text")])).targets.map((t) => t.name);
    expect(users).toEqual(["id", "username", "email", "password", "passwordConfirm", "emailVisibility", "verified", "name"]);
  });

  it("matches columns by name, then ignoring case, each field once; unknown columns stay out", () => {
    expect(defaultMapping(["Title", "views", "cover", "other", "TITLE"], targets)).toEqual({ Title: "title", views: "views", cover: "", other: "", TITLE: "" });
  });

  it("builds a row's body from the mapped columns only, empty CSV cells left out", () => {
    const mapping = { name: "title", n: "views", skip: "" };
    expect(rowBody({ name: "A", n: "", skip: "x" }, mapping, targets, "csv")).toEqual({ title: "A" });
    expect(rowBody({ name: "A", n: 0, skip: "x" }, mapping, targets, "json")).toEqual({ title: "A", views: 0 });
  });

  it("types CSV cells by field: numbers, booleans, JSON, lists; anything else stays text for the server to judge", () => {
    const t = (name: string) => targets.find((x) => x.name === name)!;
    expect(cellValue("12.5", t("views"))).toBe(12.5);
    expect(cellValue("twelve", t("views"))).toBe("twelve");
    expect(cellValue("TRUE", t("done"))).toBe(true);
    expect(cellValue("0", t("done"))).toBe(false);
    expect(cellValue("maybe", t("done"))).toBe("maybe");
    expect(cellValue('["a","c"]', t("tags"))).toEqual(["a", "c"]);
    expect(cellValue("a, b", t("tags"))).toEqual(["a", "b"]);
    expect(cellValue("x", t("kind"))).toBe("x");
    expect(cellValue("id1,id2", t("authors"))).toEqual(["id1", "id2"]);
    expect(cellValue('{"a":1}', t("meta"))).toEqual({ a: 1 });
    expect(cellValue("plain", t("meta"))).toBe("plain");
    expect(cellValue(" spaced ", t("title"))).toBe(" spaced ");
  });
});

describe("results", () => {
  it("turns an error answer into lines, nested fields dotted, the message when there are none", () => {
    expect(errorLines({ message: "Failed.", data: { title: { code: "validation_required", message: "Missing required value." }, meta: { a: { code: "x", message: "Bad." } } } })).toEqual([
      "title: Missing required value.",
      "meta.a: Bad.",
    ]);
    expect(errorLines({ message: "Failed to create record.", data: {} })).toEqual(["Failed to create record."]);
  });

  it("writes the failed rows as CSV with their row numbers, values and errors", () => {
    const file = parseImportFile("x.json", '[{"title":"ok"},{"title":"a,b","tags":["z"]}]');
    const text = failedRowsCsv(file, [{ row: 2, errors: ["tags: Invalid value z.", "title: Too long."] }]);
    expect(parse(text)).toEqual([
      ["row", "title", "tags", "errors"],
      ["2", "a,b", '["z"]', "tags: Invalid value z.\ntitle: Too long."],
    ]);
  });

  it("exports the visible columns in the list's order", () => {
    expect(exportFields(posts, ["views", "@created"])).toEqual(["id", "title", "done", "tags", "kind", "authors", "meta", "cover", "updated"]);
  });
});
