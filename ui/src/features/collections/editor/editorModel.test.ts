import { describe, expect, it } from "vitest";
import type { Collection } from "../../../data/collections/types";
import {
  addField,
  buildPayload,
  changeSummary,
  duplicateCollection,
  duplicateField,
  duplicateFieldName,
  hasChanges,
  isMultiple,
  moveField,
  needsConfirmation,
  remapServerErrors,
  removeField,
  renameCollection,
  renameField,
  restoreField,
  setCollectionType,
  setMultiple,
  setRequired,
  slugify,
  tabErrors,
  toForm,
  updateFieldOptions,
  validateForm,
  isValidGoRegex,
  canReorder,
} from "./editorModel";

function saved(): Collection {
  return {
    id: "pbc_posts000001",
    created: "2024-01-01 00:00:00.000Z",
    updated: "2024-01-01 00:00:00.000Z",
    name: "posts",
    type: "base",
    system: false,
    schema: [
      { id: "f_title", name: "title", type: "text", system: false, required: true, presentable: false, options: { min: null, max: null, pattern: "" } },
      { id: "f_tags", name: "tags", type: "relation", system: false, required: false, presentable: false, options: { collectionId: "c2", cascadeDelete: false, minSelect: null, maxSelect: null, displayFields: null } },
      { id: "f_body", name: "body", type: "editor", system: false, required: false, presentable: false, options: { convertUrls: false } },
    ],
    indexes: ["CREATE INDEX `idx_title` ON `posts` (`title`)"],
    listRule: null,
    viewRule: "",
    createRule: null,
    updateRule: null,
    deleteRule: null,
    options: {},
  };
}

const keyOf = (form: ReturnType<typeof toForm>, name: string) => form.schema.find((f) => f.name === name)!.key;

describe("collection editor state", () => {
  it("slugs names", () => {
    expect(slugify("My Posts")).toBe("My_Posts");
    expect(slugify("crème-brûlée.v2!")).toBe("creme_brulee_v2");
  });

  it("detects changes against the original and ignores a restored deletion", () => {
    const initial = toForm(saved());
    let form = toForm(saved());
    expect(hasChanges(initial, form)).toBe(false);
    form = removeField(form, keyOf(form, "body"));
    expect(hasChanges(initial, form)).toBe(true);
    form = restoreField(form, form.schema[2].key);
    // keys differ between the two forms but do not count
    expect(hasChanges(initial, form)).toBe(false);
    expect(hasChanges(null, form)).toBe(true);
  });

  it("asks for confirmation on rename, field rename, deletion and relation multiple -> single", () => {
    const initial = toForm(saved());
    let form = toForm(saved());
    expect(needsConfirmation(changeSummary(initial, form))).toBe(false);
    form = updateFieldOptions(form, keyOf(form, "title"), { max: 10 });
    expect(needsConfirmation(changeSummary(initial, form))).toBe(false);

    form = renameCollection(form, "articles");
    form = renameField(form, keyOf(form, "title"), "headline");
    form = removeField(form, keyOf(form, "body"));
    const tags = form.schema.find((f) => f.name === "tags")!;
    form = { ...form, schema: form.schema.map((f) => (f.key === tags.key ? setMultiple(f, false) : f)) };
    const s = changeSummary(initial, form);
    expect(s).toEqual({
      collectionRename: { from: "posts", to: "articles" },
      fieldRenames: [{ from: "title", to: "headline" }],
      deletedFields: ["body"],
      multipleToSingle: ["tags"],
    });
    expect(needsConfirmation(s)).toBe(true);
    // a view rename does not ask
    const view = { ...toForm({ ...saved(), type: "view", options: { query: "select id from x" } }) };
    expect(changeSummary(view, { ...view, name: "other" }).collectionRename).toBeNull();
    // a new collection never asks
    expect(needsConfirmation(changeSummary(toForm(null), { ...toForm(null), name: "x" }))).toBe(false);
  });

  it("rewrites indexes on collection and field renames", () => {
    let form = toForm(saved());
    form = renameCollection(form, "articles");
    expect(form.indexes).toEqual(["CREATE INDEX `idx_title` ON `articles` (`title`)"]);
    form = renameField(form, keyOf(form, "title"), "headline");
    expect(form.indexes).toEqual(["CREATE INDEX `idx_title` ON `articles` (`headline`)"]);
  });

  it("soft-deletes saved fields (reverting a rename) and removes new ones at once", () => {
    let form = toForm(saved());
    const key = keyOf(form, "title");
    form = renameField(form, key, "headline");
    form = removeField(form, key);
    const f = form.schema.find((x) => x.key === key)!;
    expect(f.toDelete).toBe(true);
    expect(f.name).toBe("title");
    expect(form.indexes[0]).toContain("`title`");
    expect(canReorder(f)).toBe(false);
    const added = addField(form, "number");
    expect(added.form.schema).toHaveLength(4);
    expect(removeField(added.form, added.key).schema).toHaveLength(3);
  });

  it("names new and duplicated fields uniquely", () => {
    let form = toForm(saved());
    const a = addField(form, "text");
    form = a.form;
    expect(form.schema.at(-1)!.name).toBe("field");
    form = addField(form, "bool").form;
    expect(form.schema.at(-1)!.name).toBe("field2");
    expect(addField(toForm({ ...saved(), type: "auth" }), "text").form.schema.at(-1)!.name).toBe("field");
    const d1 = duplicateField(form, keyOf(form, "title"));
    expect(d1.form.schema[1].name).toBe("title_copy");
    expect(d1.form.schema[1].id).toBe("");
    const d2 = duplicateField(d1.form, keyOf(d1.form, "title"));
    expect(d2.form.schema[1].name).toBe("title_copy2");
    expect(duplicateFieldName("a", ["a_copy", "a_copy2"])).toBe("a_copy3");
  });

  it("derives single/multiple from maxSelect", () => {
    const form = toForm(null);
    const select = addField(form, "select").form.schema[0];
    expect(isMultiple(select)).toBe(false);
    const multiSelect = setMultiple({ ...select, options: { ...select.options, values: ["a", "b", "c"] } }, true);
    expect(multiSelect.options.maxSelect).toBe(3);
    expect(setMultiple(select, true).options.maxSelect).toBe(2);
    expect(setMultiple(multiSelect, false).options.maxSelect).toBe(1);

    const file = addField(form, "file").form.schema[0];
    expect(setMultiple(file, true).options.maxSelect).toBe(99);
    expect(setMultiple(setMultiple(file, true), false).options.maxSelect).toBe(1);

    const rel = addField(form, "relation").form.schema[0];
    expect(isMultiple(rel)).toBe(false);
    const multiRel = setMultiple({ ...rel, options: { ...rel.options, minSelect: 2 } }, true);
    expect(multiRel.options.maxSelect).toBeNull();
    expect(isMultiple(multiRel)).toBe(true);
    expect(setMultiple(multiRel, false).options).toMatchObject({ minSelect: null, maxSelect: 1 });
  });

  it("required forces nullable to false", () => {
    const f = { ...toForm(saved()).schema[1], nullable: true };
    expect(setRequired(f, true)).toMatchObject({ required: true, nullable: false });
    expect(setRequired(f, false)).toMatchObject({ required: false, nullable: true });
  });

  it("switching to view clears the write rules and the indexes", () => {
    const form = { ...toForm(null), createRule: "", updateRule: "x = 1", deleteRule: "", indexes: ["CREATE INDEX `a` ON `b` (`c`)"] };
    const view = setCollectionType(form, "view");
    expect(view).toMatchObject({ createRule: null, updateRule: null, deleteRule: null, indexes: [], options: { query: "" } });
    expect(setCollectionType(form, "auth").options).toMatchObject({ allowEmailAuth: true, minPasswordLength: 8 });
  });

  it("duplicates a collection with a new name, no ids and fresh index names", () => {
    const copy = duplicateCollection(toForm(saved()));
    expect(copy.name).toBe("posts_duplicate");
    expect(copy.id).toBe("");
    expect(copy.created).toBe("");
    expect(copy.schema.every((f) => f.id === "" && f.originalName === "")).toBe(true);
    expect(copy.indexes[0]).toMatch(/^CREATE INDEX `idx_[a-z0-9]{7}` ON `posts_duplicate` \(`title`\)$/);
    expect(copy.indexes[0]).not.toContain("idx_title");
  });

  it("reorders fields", () => {
    const form = toForm(saved());
    const moved = moveField(form, form.schema[2].key, form.schema[0].key);
    expect(moved.schema.map((f) => f.name)).toEqual(["body", "title", "tags"]);
  });
});

describe("collection payload", () => {
  it("drops fields marked toDelete and local keys; new fields have no id", () => {
    let form = toForm(saved());
    form = removeField(form, keyOf(form, "body"));
    form = addField(form, "bool").form;
    const { body, schemaKeys } = buildPayload(form);
    expect(body).toEqual({
      name: "posts",
      type: "base",
      listRule: null,
      viewRule: "",
      createRule: null,
      updateRule: null,
      deleteRule: null,
      indexes: ["CREATE INDEX `idx_title` ON `posts` (`title`)"],
      options: {},
      schema: [
        { id: "f_title", name: "title", type: "text", system: false, required: true, presentable: false, options: { min: null, max: null, pattern: "" } },
        { id: "f_tags", name: "tags", type: "relation", system: false, required: false, presentable: false, options: { collectionId: "c2", cascadeDelete: false, minSelect: null, maxSelect: null, displayFields: null } },
        { name: "field", type: "bool", system: false, required: false, presentable: false, options: {} },
      ],
    });
    expect(schemaKeys).toEqual([form.schema[0].key, form.schema[1].key, form.schema[3].key]);
  });

  it("sends only the query for views and full options for auth", () => {
    const view = buildPayload({ ...setCollectionType({ ...toForm(null), name: "v" }, "view"), options: { query: "select id from posts" } }).body;
    expect(view).toMatchObject({ type: "view", options: { query: "select id from posts" }, indexes: [], createRule: null });
    expect(view).not.toHaveProperty("schema");
    const auth = buildPayload({ ...toForm(null, "auth"), name: "members" }).body;
    expect(auth.options).toEqual({
      allowUsernameAuth: true,
      allowEmailAuth: true,
      allowOAuth2Auth: true,
      minPasswordLength: 8,
      requireEmail: false,
      onlyVerified: false,
      exceptEmailDomains: null,
      onlyEmailDomains: null,
      manageRule: null,
    });
  });

  it("places server schema errors on the form keys of the sent fields", () => {
    const data = { schema: { "1": { name: { code: "x", message: "bad" } } }, name: { code: "y", message: "z" } };
    expect(remapServerErrors(data, ["k1", "k7"])).toEqual({ schema: { k7: { name: { code: "x", message: "bad" } } }, name: { code: "y", message: "z" } });
  });
});

describe("collection validation", () => {
  it("checks names, field options and auth/view settings", () => {
    let form = toForm(null);
    form = addField(form, "text").form;
    form = addField(form, "select").form;
    form = addField(form, "relation").form;
    const [text, select, rel] = form.schema;
    form = updateFieldOptions(form, text.key, { min: 5, max: 2, pattern: "(?=a)" });
    form = { ...form, schema: form.schema.map((f) => (f.key === rel.key ? { ...f, options: { ...f.options, minSelect: 0, maxSelect: null } } : f)) };
    const e = validateForm(form) as Record<string, any>;
    expect(e.name.message).toBe("Cannot be blank.");
    expect(e.schema[text.key].options.max.message).toBe("Must be no less than 5.");
    expect(e.schema[text.key].options.pattern).toBeTruthy();
    expect(e.schema[select.key].options.values).toBeTruthy();
    expect(e.schema[rel.key].options.collectionId).toBeTruthy();
    expect(e.schema[rel.key].options.minSelect.message).toBe("Must be no less than 1.");

    const dup = addField({ ...toForm(null), name: "x" }, "text").form;
    const dup2 = { ...dup, schema: [...dup.schema, { ...dup.schema[0], key: "other" }] };
    expect((validateForm(dup2) as any).schema.other.name.code).toBe("validation_duplicated_field_name");

    const auth = { ...toForm(null, "auth"), name: "a", options: { ...toForm(null, "auth").options, minPasswordLength: 5 } };
    expect((validateForm(auth) as any).options.minPasswordLength.message).toBe("Must be between 6 and 72.");
    const view = setCollectionType({ ...toForm(null), name: "v" }, "view");
    expect((validateForm(view) as any).options.query.message).toBe("Cannot be blank.");
    expect(validateForm({ ...view, options: { query: "select id from x" } })).toEqual({});
  });

  it("approximates Go regular expressions", () => {
    expect(isValidGoRegex("^[a-z]+$")).toBe(true);
    expect(isValidGoRegex("(?P<x>a)")).toBe(true);
    expect(isValidGoRegex("((")).toBe(false);
    expect(isValidGoRegex("a(?!b)")).toBe(false);
    expect(isValidGoRegex("(a)\\1")).toBe(false);
  });

  it("marks tabs with errors", () => {
    expect(tabErrors({ schema: { message: "Fields are broken." } }, "base").fields).toBe("Fields are broken.");
    expect(tabErrors({ schema: { k1: { name: {} } } }, "base").fields).toBe("Has errors");
    expect(tabErrors({ indexes: { 0: { code: "x", message: "y" } } }, "base").fields).toBe("Has errors");
    expect(tabErrors({ listRule: { code: "x", message: "y" } }, "base").rules).toBe("Has errors");
    expect(tabErrors({ options: { manageRule: { code: "x", message: "y" } } }, "auth")).toEqual({ fields: "", rules: "Has errors", options: "" });
    expect(tabErrors({ options: { minPasswordLength: { code: "x", message: "y" } } }, "auth").options).toBe("Has errors");
    expect(tabErrors({ options: { query: { code: "x", message: "y" } } }, "view").fields).toBe("Has errors");
  });
});
