import { describe, expect, it } from "vitest";
import { columnCellClass, listExpand, listFields, listSort, nextSort, parseHiddenColumns, recordColumns, recordsSearchFilter, relationLabel, resolveSort, sortState, stripHtml, tableTracks, toggleHidden, ACTIONS_COLUMN_WIDTH, SELECT_COLUMN_WIDTH } from "./listModel";
import { acceptFiles, remainingSlots } from "./fields/fileLimits";
import { effectiveSize, filePickerCollections, hasFilesFilter, sizeOptions } from "./pickers/filePickerModel";
import { idsFilter } from "../../data/records/recordsByIds";
import { nextRecordsPage } from "../../data/records/recordsList";
import { schemaField as f, testCollection as col } from "../../test/collections";

const posts = col("posts", "base", [f("title", "text"), f("body", "editor"), f("author", "relation", { collectionId: "users_id" })]);
const users = col("users", "auth", [f("name", "text", {}, { presentable: true })]);

describe("columns", () => {
  it("lists id, the schema, created and updated for base collections", () => {
    expect(recordColumns(posts).map((c) => c.id)).toEqual(["@id", "title", "body", "author", "@created", "@updated"]);
  });

  it("adds username and email for auth collections", () => {
    expect(recordColumns(users).map((c) => c.id)).toEqual(["@id", "@username", "@email", "name", "@created", "@updated"]);
  });

  it("shows created/updated of views only when the query has them", () => {
    expect(recordColumns(col("v", "view", [f("n", "text")], { query: "select id, n from x" })).map((c) => c.id)).toEqual(["@id", "n"]);
    expect(recordColumns(col("v", "view", [f("n", "text")], { query: "select id, n, created from x" })).map((c) => c.id)).toEqual(["@id", "n", "@created"]);
    // the word elsewhere in the query, or a renamed column, is not the column
    expect(recordColumns(col("v", "view", [f("n", "text")], { query: "SELECT id, n FROM x WHERE created != '' ORDER BY updated" })).map((c) => c.id)).toEqual(["@id", "n"]);
    expect(recordColumns(col("v", "view", [f("made", "date")], { query: "SELECT id, created AS made FROM x" })).map((c) => c.id)).toEqual(["@id", "made"]);
    expect(recordColumns(col("v", "view", [f("n", "text")], { query: "SELECT x.created, x.id, x.n FROM x" })).map((c) => c.id)).toEqual(["@id", "n", "@created"]);
    expect(recordColumns(col("v", "view", [], { query: "select p.* from people p" })).map((c) => c.id)).toEqual(["@id", "@created", "@updated"]);
  });

  it("gives every row the same column tracks: fixed for ids and dates, growing for text and editors", () => {
    const cols = recordColumns(posts).filter((c) => c.id !== "author");
    const withSelect = tableTracks(cols, true);
    expect(withSelect.template).toBe(`${SELECT_COLUMN_WIDTH}px 150px minmax(56px, 2fr) minmax(240px, 1.5fr) 136px 136px ${ACTIONS_COLUMN_WIDTH}px`);
    expect(withSelect.minWidth).toBe(SELECT_COLUMN_WIDTH + 150 + 56 + 240 + 136 * 2 + ACTIONS_COLUMN_WIDTH);
    // Views have no bulk checkbox column.
    expect(tableTracks(cols, false).template.startsWith("150px ")).toBe(true);
    expect(tableTracks(cols, false).minWidth).toBe(withSelect.minWidth - SELECT_COLUMN_WIDTH);
  });

  it("fits PocketBase's users list (7 columns) in the table of a 1440 px window, as PocketBase's does", () => {
    const users = col("users", "auth", [f("name", "text"), { ...f("avatar", "file"), options: { maxSelect: 1 } }]);
    const cols = recordColumns(users);
    expect(cols.map((c) => c.label)).toEqual(["id", "username", "email", "name", "avatar", "created", "updated"]);
    // 1440 - the app sidebar (84) - the collections sidebar (260) - the page padding (64) - borders (2)
    expect(tableTracks(cols, true).minWidth).toBeLessThanOrEqual(1030);
    // the room goes to the email (~28 characters) and the username (~16) before the dates and plain text
    expect(tableTracks(cols, true).template).toBe(`${SELECT_COLUMN_WIDTH}px 150px minmax(150px, 1fr) minmax(250px, 3fr) minmax(56px, 2fr) 56px 136px 136px ${ACTIONS_COLUMN_WIDTH}px`);
  });

  it("remembers hidden columns as a list", () => {
    expect(parseHiddenColumns(null)).toEqual([]);
    expect(parseHiddenColumns("oops")).toEqual([]);
    expect(parseHiddenColumns('["@id",1,"title"]')).toEqual(["@id", "title"]);
    expect(toggleHidden(["a"], "b")).toEqual(["a", "b"]);
    expect(toggleHidden(["a", "b"], "a")).toEqual(["b"]);
  });
});

describe("sort and search", () => {
  it("falls back to -created for unknown fields, or none without created", () => {
    expect(resolveSort("-title", posts)).toBe("-title");
    expect(resolveSort("title,-created", posts)).toBe("title,-created");
    expect(resolveSort("-nope", posts)).toBe("-created");
    expect(resolveSort("-nope", col("v", "view", [f("n", "text")], { query: "select id, n from x" }))).toBe("");
  });

  it("sorts -created by default, views not at all", () => {
    expect(listSort("", posts)).toBe("-created");
    expect(listSort("title", posts)).toBe("title");
    const view = col("v", "view", [f("n", "text")], { query: "select id, n, created from x" });
    expect(listSort("", view)).toBe("");
    expect(listSort("-created", view)).toBe("-created");
  });

  it("cycles header sorts ascending then descending", () => {
    expect(nextSort("-created", "title")).toBe("title");
    expect(nextSort("title", "title")).toBe("-title");
    expect(nextSort("-title", "title")).toBe("title");
    expect(sortState("-title", "title")).toBe("descending");
    expect(sortState("+title", "title")).toBe("ascending");
    expect(sortState("-created", "title")).toBe("none");
  });

  it("turns plain text into a match over the collection's fields; filters pass as written", () => {
    expect(recordsSearchFilter("hello", posts)).toBe('id~"hello" || title~"hello" || body~"hello" || author~"hello" || created~"hello" || updated~"hello"');
    expect(recordsSearchFilter('title = "x"', posts)).toBe('title = "x"');
    expect(recordsSearchFilter("", posts)).toBe("");
  });

  it("asks for editor excerpts and relation expands", () => {
    expect(listFields(posts)).toBe("*,body:excerpt(200),expand.author.*:excerpt(200)");
    expect(listExpand(posts)).toBe("author");
    expect(listExpand(users)).toBe("");
  });
});

describe("paging", () => {
  it("offers the next page only after a full page of 40, as the server answered it", () => {
    expect(nextRecordsPage({ page: 1, items: Array.from({ length: 40 }, (_, i) => ({ id: String(i) })), fetched: 40 })).toBe(2);
    expect(nextRecordsPage({ page: 2, items: [{ id: "x" }], fetched: 1 })).toBeUndefined();
    // a row deleted live leaves a full page full
    expect(nextRecordsPage({ page: 1, items: Array.from({ length: 39 }, (_, i) => ({ id: String(i) })), fetched: 40 })).toBe(2);
  });
});

describe("cells", () => {
  it("labels related records by their presentable fields, else username/email or id", () => {
    expect(relationLabel({ id: "1", name: "Ada" }, users)).toBe("Ada");
    expect(relationLabel({ id: "1", name: "" , username: "ada"}, col("u", "auth", []))).toBe("ada");
    expect(relationLabel({ id: "1" }, posts)).toBe("1");
  });

  it("strips html for editor excerpts", () => {
    expect(stripHtml("<p>Hi&nbsp;<b>there</b></p><p>you</p>")).toBe("Hi there you");
  });
});

describe("files and pickers", () => {
  it("counts free slots as maxSelect - (existing - deleted + new)", () => {
    expect(remainingSlots(3, 2, 1, 1)).toBe(1);
    expect(remainingSlots(1, 1, 0, 0)).toBe(0);
    expect(remainingSlots(1, 1, 1, 0)).toBe(1);
  });

  it("accepts files within the slots, size and types", () => {
    const png = new File(["x"], "a.png", { type: "image/png" });
    const big = new File(["xxxxxxxxxx"], "b.png", { type: "image/png" });
    const pdf = new File(["x"], "c.pdf", { type: "application/pdf" });
    const r = acceptFiles([png, big, pdf, png], { slots: 1, maxSize: 5, mimeTypes: ["image/png"] });
    expect(r.accepted).toEqual([png]);
    expect(r.rejected).toHaveLength(3);
  });

  it("offers only collections with unprotected image-compatible file fields", () => {
    const a = col("a", "base", [f("img", "file", { mimeTypes: [] })]);
    const b = col("b", "base", [f("doc", "file", { mimeTypes: ["application/pdf"] })]);
    const c = col("c", "base", [f("img", "file", { protected: true })]);
    const d = col("d", "base", [f("img", "file", { mimeTypes: ["image/png"], thumbs: ["50x50"] })]);
    const view = col("v", "view", [f("img", "file", { mimeTypes: [] })]);
    expect(filePickerCollections([a, b, c, d, view]).map((x) => x.name)).toEqual(["a", "d"]);
    expect(hasFilesFilter(d.schema)).toBe("img:length>0");
  });

  it("offers the sizes the picked file has, and drops a size chosen for another file", () => {
    const img = f("img", "file", { thumbs: ["50x50", "100x100"] });
    expect(sizeOptions(img, "a.png").map((o) => o.label)).toEqual(["Original size", "100x100 thumb", "50x50 thumb"]);
    expect(sizeOptions(img, "a.pdf").map((o) => o.label)).toEqual(["Original size"]);
    const plain = sizeOptions(f("doc", "file"), "b.png");
    expect(plain.map((o) => o.value)).toEqual(["", "100x100"]);
    expect(effectiveSize("50x50", sizeOptions(img, "a.png"))).toBe("50x50");
    expect(effectiveSize("50x50", plain)).toBe("");
    expect(effectiveSize("100x100", plain)).toBe("100x100");
  });

  it("builds id batches for relation loading", () => {
    expect(idsFilter(["a", 'b"c'])).toBe('id="a"||id="b\\"c"');
  });
});

describe("columnCellClass", () => {
  const col = (type: string) => ({ id: "f", label: "f", sortKey: "f", field: { id: "x", name: "f", type, system: false, required: false, presentable: false, unique: false, options: {} } });
  const clips = (c: Parameters<typeof columnCellClass>[0]) => columnCellClass(c).split(" ").includes("clips");
  it("clips at the cell what can overflow it: plain text, several chips or thumbs, other values", () => {
    for (const id of ["@id", "@created", "@updated"]) expect(clips({ id, label: id, sortKey: id })).toBe(false);
    for (const t of ["date", "bool"]) expect(clips(col(t))).toBe(false);
    for (const t of ["text", "email", "url", "editor", "json", "relation", "select", "file", "number", "somethingNew"]) expect(clips(col(t))).toBe(true);
    for (const t of ["relation", "select", "file"]) {
      const single = col(t);
      single.field.options = { maxSelect: 1 };
      expect(clips(single)).toBe(false);
    }
    // username and email of auth collections are plain values
    expect(clips({ id: "@email", label: "email", sortKey: "email" })).toBe(true);
  });

  it("sets the font of ids and json values", () => {
    expect(columnCellClass({ id: "@id", label: "id", sortKey: "id" })).toBe("txt-mono");
    expect(columnCellClass(col("json"))).toBe("clips cell-json");
    expect(columnCellClass(col("text"))).toBe("clips");
  });
});
