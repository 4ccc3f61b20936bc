import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import type { Collection, SchemaField } from "../../data/collections/types";
import { RecordCell } from "./RecordCell";
import { recordColumns } from "./listModel";
import { fileBadge } from "./fileKinds";
import { schemaField as field, testCollection } from "../../test/collections";

const collection = (type: Collection["type"], schema: SchemaField[]) => testCollection("posts", type, schema);
const authors = testCollection("authors", "base", [field("name", "text", {}, { presentable: true })]);

function cell(c: Collection, column: string, record: Record<string, unknown>) {
  const col = recordColumns(c).find((x) => x.id === column)!;
  return render(<RecordCell column={col} record={{ id: "r1", ...record }} ctx={{ collection: c, collections: [c, authors], fileToken: "" }} />).container;
}

describe("record cell", () => {
  it("shows one chip on its own and several in a list, with +N past the limit", () => {
    const c = collection("base", [field("tags", "select", { maxSelect: 3, values: ["a", "b"] }), field("author", "relation", { collectionId: authors.id, maxSelect: null })]);
    expect(cell(c, "tags", { tags: ["a"] }).innerHTML).toBe('<span class="chip">a</span>');
    expect(cell(c, "tags", { tags: ["a", "b"] }).querySelectorAll(".chip-list > .chip")).toHaveLength(2);
    const ids = Array.from({ length: 22 }, (_, i) => `a${i}`);
    const many = cell(c, "author", { author: ids, expand: { author: [{ id: "a0", name: "Ann" }] } });
    expect(many.querySelectorAll(".chip-list > .chip")).toHaveLength(20);
    expect(many.querySelector(".chip")!.textContent).toBe("Ann");
    expect(many.querySelector(".chip-list > .txt-hint")!.textContent).toBe("+2");
  });

  it("shows a file without a preview as its extension, named for assistive technology", () => {
    const c = collection("base", [field("doc", "file", { maxSelect: 1 })]);
    cell(c, "doc", { doc: "report_abc.pdf" });
    const badge = screen.getByRole("img", { name: "report_abc.pdf" });
    expect(badge.textContent).toBe("PDF");
    expect(badge.parentElement!.tagName).toBe("DIV");
  });

  it("marks auth ids verified or not, and shows other ids alone", () => {
    expect(cell(collection("base", []), "@id", {}).innerHTML).toBe("r1");
    cell(collection("auth", []), "@id", { verified: true });
    expect(screen.getByRole("img", { name: "Verified" })).toBeInTheDocument();
  });

  it("shows text, editor excerpts and json as plain text, for the cell to clip", () => {
    const c = collection("base", [field("title", "text"), field("body", "editor"), field("data", "json")]);
    expect(cell(c, "title", { title: "Hello" }).innerHTML).toBe("Hello");
    expect(cell(c, "body", { body: "<p>Hi <b>there</b></p>" }).innerHTML).toBe("Hi there");
    expect(cell(c, "data", { data: { a: [1, "x"] } }).innerHTML).toBe('{"a":[1,"x"]}');
    expect(cell(c, "title", { title: "" }).textContent).toBe("N/A");
  });

  it("shows a number as text and N/A without one", () => {
    const c = collection("base", [field("n", "number")]);
    expect(cell(c, "n", { n: 0 }).textContent).toBe("0");
    expect(cell(c, "n", { n: null }).textContent).toBe("N/A");
  });
});

describe("fileBadge", () => {
  it("is the upper-case extension, or FILE", () => {
    expect(fileBadge("a_x1.txt")).toBe("TXT");
    expect(fileBadge("notes.json")).toBe("JSON");
    expect(fileBadge("archive.tar.gz")).toBe("GZ");
    expect(fileBadge("README")).toBe("FILE");
    expect(fileBadge("weird.extension")).toBe("FILE");
  });
});
