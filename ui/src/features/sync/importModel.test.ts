import { describe, expect, it } from "vitest";
import {
  collectionDiff,
  countChanges,
  dedupeById,
  deleteConfirmText,
  deletedNames,
  detectChanges,
  diffValue,
  importDiffs,
  importPayload,
  INVALID_IMPORT_MESSAGE,
  mergeWithExisting,
  parseImport,
  replaceableCollections,
  replaceWithOriginalIds,
  UNREADABLE_IMPORT_MESSAGE,
  type ImportCollection,
} from "./importModel";

const field = (id: string, name: string, extra: Record<string, unknown> = {}) => ({ id, name, type: "text", system: false, required: false, presentable: false, options: {}, ...extra });
const col = (id: string, name: string, schema = [field("f_" + id, "title")], extra: Record<string, unknown> = {}): ImportCollection => ({
  id,
  name,
  type: "base",
  system: false,
  schema,
  indexes: [],
  listRule: null,
  options: {},
  ...extra,
});
const existing = () => [
  { ...col("posts0000000001", "posts"), created: "2024-01-01 00:00:00.000Z", updated: "2024-01-01 00:00:00.000Z" },
  { ...col("tags00000000001", "tags"), created: "2024-01-01 00:00:00.000Z", updated: "2024-01-01 00:00:00.000Z" },
];

describe("parseImport", () => {
  it("accepts a non-empty array whose items all have id and name, stripping timestamps", () => {
    const r = parseImport(JSON.stringify(existing()));
    expect(r.valid).toBe(true);
    expect(r.collections.map((c) => c.name)).toEqual(["posts", "tags"]);
    expect(r.collections[0]).not.toHaveProperty("created");
    expect(r.collections[0]).not.toHaveProperty("updated");
  });

  it.each([
    ["empty text", ""],
    ["not JSON", "{oops"],
    ["an object", '{"id":"a","name":"b"}'],
    ["an empty array", "[]"],
    ["an item without id", '[{"name":"posts"}]'],
    ["an item without name", '[{"id":"abc"}]'],
    ["a non-object item", '["posts"]'],
  ])("rejects %s", (_label, text) => {
    expect(parseImport(text)).toEqual({ valid: false, collections: [] });
  });

  it("drops duplicate collections by id and duplicate fields by id (last one wins)", () => {
    const dup = [col("a", "first", [field("x", "one"), field("x", "two"), field("y", "three")]), col("b", "other"), col("a", "second", [field("x", "one"), field("x", "two")])];
    const r = parseImport(JSON.stringify(dup));
    expect(r.collections.map((c) => c.name)).toEqual(["second", "other"]);
    expect(r.collections[0].schema.map((f) => f.name)).toEqual(["two"]);
    expect(dedupeById([{ id: 1, v: "a" }, { id: 2 }, { id: 1, v: "b" }])).toEqual([{ id: 1, v: "b" }, { id: 2 }]);
  });

  it("gives a missing schema an empty array", () => {
    expect(parseImport('[{"id":"a","name":"b"}]').collections[0].schema).toEqual([]);
  });

  it("has the spec's messages", () => {
    expect(INVALID_IMPORT_MESSAGE).toBe("Invalid collections configuration.");
    expect(UNREADABLE_IMPORT_MESSAGE).toBe("Failed to load the imported JSON.");
  });
});

describe("detectChanges", () => {
  it("finds nothing when the import equals the existing collections", () => {
    const { collections } = parseImport(JSON.stringify(existing()));
    const changes = detectChanges(existing(), collections, true);
    expect(countChanges(changes)).toBe(0);
  });

  it("lists deleted (with deleteMissing), changed and added collections", () => {
    const imported = [col("posts0000000001", "articles"), col("new00000000001", "comments")];
    const changes = detectChanges(existing(), imported, true);
    expect(changes.deleted.map((c) => c.name)).toEqual(["tags"]);
    expect(changes.changed.map((p) => [p.old.name, p.new.name])).toEqual([["posts", "articles"]]);
    expect(changes.added.map((c) => c.name)).toEqual(["comments"]);
    expect(countChanges(changes)).toBe(3);
  });

  it("lists no deletions without deleteMissing", () => {
    const changes = detectChanges(existing(), [col("posts0000000001", "posts")], false);
    expect(changes.deleted).toEqual([]);
    expect(countChanges(changes)).toBe(0);
  });

  it("sees a changed field option and a key-order-only difference as no change", () => {
    const reordered = existing().map((c) => Object.fromEntries(Object.entries(c).reverse()) as ImportCollection);
    expect(countChanges(detectChanges(existing(), reordered, true))).toBe(0);
    const changedOpt = [col("posts0000000001", "posts", [field("f_posts0000000001", "title", { options: { max: 5 } })]), col("tags00000000001", "tags")];
    expect(detectChanges(existing(), changedOpt, true).changed.map((p) => p.new.name)).toEqual(["posts"]);
  });
});

describe("merge", () => {
  it("appends the imported set to the existing collections, keeping fields the import does not mention", () => {
    const imported = [col("posts0000000001", "posts", [field("f_new", "body")]), col("new00000000001", "comments")];
    const merged = mergeWithExisting(existing(), imported);
    expect(merged.map((c) => c.name)).toEqual(["posts", "tags", "comments"]);
    expect(merged[0].schema.map((f) => f.name)).toEqual(["body", "title"]);
    expect(merged[1]).not.toHaveProperty("created");
  });

  it("sends the merged set without deleteMissing; without merge only the import, with deleteMissing", () => {
    const imported = [col("new00000000001", "comments")];
    const merged = importPayload(existing(), imported, true);
    expect(merged.deleteMissing).toBe(false);
    expect(merged.collections.map((c) => c.name)).toEqual(["posts", "tags", "comments"]);
    const plain = importPayload(existing(), imported, false);
    expect(plain).toEqual({ collections: imported, deleteMissing: true });
    expect(countChanges(detectChanges(existing(), merged.collections, merged.deleteMissing))).toBe(1);
    expect(detectChanges(existing(), plain.collections, plain.deleteMissing).deleted.map((c) => c.name)).toEqual(["posts", "tags"]);
  });
});

describe("original ids", () => {
  it("finds imported collections sharing a name, or a field name, with another id", () => {
    const imported = [
      col("otherid00000001", "posts"), // same name, other id
      col("tags00000000001", "tags", [field("zzz", "title")]), // same id, field by name with other id
      col("new00000000001", "comments"), // nothing to replace
    ];
    expect(replaceableCollections(existing(), imported).map((c) => c.name)).toEqual(["posts", "tags"]);
  });

  it("replaces collection and field ids with the original ones and rewrites relation references", () => {
    const imported = [
      col("otherid00000001", "posts", [field("zzz", "title"), field("nnn", "fresh")]),
      col("new00000000001", "comments", [field("rel", "post", { type: "relation", options: { collectionId: "otherid00000001", maxSelect: 1 } })]),
    ];
    const out = replaceWithOriginalIds(existing(), imported);
    expect(out[0].id).toBe("posts0000000001");
    expect(out[0].schema.map((f) => f.id)).toEqual(["f_posts0000000001", "nnn"]);
    expect(out[1].schema[0].options).toEqual({ collectionId: "posts0000000001", maxSelect: 1 });
    // the input is untouched and nothing is replaceable afterwards
    expect(imported[0].id).toBe("otherid00000001");
    expect(replaceableCollections(existing(), out)).toEqual([]);
  });
});

describe("deletion confirmation", () => {
  it("names deleted collections and deleted fields of kept collections", () => {
    const imported = [col("posts0000000001", "articles", [field("f_other", "body")])];
    const names = deletedNames(existing(), imported);
    expect(names).toEqual(["articles.title", "tags"]);
    expect(deleteConfirmText(names)).toBe(
      "Do you really want to delete the following collection fields and their related records data:\n- articles.title\n- tags",
    );
  });
});

describe("side-by-side diff", () => {
  it("labels collections and fields Added, Deleted and Changed and marks changed props", () => {
    const [oldPosts] = parseImport(JSON.stringify(existing())).collections;
    const next = col("posts0000000001", "articles", [field("f_posts0000000001", "title", { required: true }), field("f_b", "body")], { listRule: "" });
    const d = collectionDiff(oldPosts, next);
    expect(d.status).toBe("changed");
    expect(d.oldName).toBe("posts");
    expect(d.props.slice(0, 2).map((r) => r.prop)).toEqual(["id", "name"]);
    expect(d.props.filter((r) => r.changed).map((r) => r.prop)).toEqual(["name", "listRule"]);
    expect(d.fields.map((f) => [f.name, f.status])).toEqual([
      ["title", "changed"],
      ["body", "added"],
    ]);
    expect(d.fields[0].rows.filter((r) => r.changed).map((r) => r.prop)).toEqual(["required"]);

    const removed = collectionDiff(oldPosts, undefined);
    expect(removed.status).toBe("deleted");
    expect(removed.fields.map((f) => f.status)).toEqual(["deleted"]);
    expect(collectionDiff(undefined, next).status).toBe("added");
  });

  it("spreads options into their own rows and orders deleted, changed, added", () => {
    const old = col("a", "a", [], { options: { x: 1 } });
    const d = collectionDiff(old, col("a", "a", [], { options: { x: 2, y: true } }));
    expect(d.props.filter((r) => r.changed).map((r) => [r.prop, diffValue(r.old), diffValue(r.new)])).toEqual([
      ["options.x", "1", "2"],
      ["options.y", "N/A", "true"],
    ]);
    const diffs = importDiffs(detectChanges(existing(), [col("posts0000000001", "renamed"), col("z", "zeta")], true));
    expect(diffs.map((x) => [x.name, x.status])).toEqual([
      ["tags", "deleted"],
      ["renamed", "changed"],
      ["zeta", "added"],
    ]);
    expect(diffValue("")).toBe('""');
    expect(diffValue(null)).toBe("null");
  });
});
