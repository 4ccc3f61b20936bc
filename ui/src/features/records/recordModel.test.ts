import { describe, expect, it } from "vitest";
import type { Collection, SchemaField } from "../../data/collections/types";
import { VALIDATION_MESSAGES } from "../../lib/validation";
import { schemaField as f, testCollection } from "../../test/collections";
import {
  applyDraft,
  buildPayload,
  canSave,
  draftData,
  duplicateRecord,
  emptyRecord,
  generatePassword,
  hasPasswordInput,
  INVALID_JSON_CODE,
  isRecordChanged,
  jsonParseError,
  localInputToUtc,
  newFormRecord,
  normalizeJsonText,
  parseDraft,
  payloadValues,
  shouldOfferDraft,
  toFormRecord,
  trimSelect,
  truncateDate,
  utcToLocalInput,
  validateRecord,
} from "./recordModel";

const collection = (type: Collection["type"], schema: SchemaField[], options: Record<string, unknown> = {}) => testCollection("posts", type, schema, options);

const posts = collection("base", [
  f("title", "text"),
  f("views", "number"),
  f("tags", "select", { maxSelect: 2, values: ["a", "b", "c"] }),
  f("cover", "file", { maxSelect: 3 }),
  f("meta", "json"),
]);
const users = collection("auth", [f("name", "text")], { requireEmail: true, minPasswordLength: 20 });

describe("change detection", () => {
  const original = toFormRecord(posts, { id: "r1", title: "a", views: 1, tags: ["a"], cover: ["x.png"], meta: { k: 1 }, expand: { x: 1 }, created: "c", updated: "u" });

  it("is unchanged for the loaded record, whatever its expand or key order", () => {
    expect(isRecordChanged(posts, original, { ...original, expand: { other: 2 } })).toBe(false);
  });

  it("sees a changed value", () => {
    expect(isRecordChanged(posts, original, { ...original, title: "b" })).toBe(true);
    expect(isRecordChanged(posts, original, { ...original, tags: ["a", "b"] })).toBe(true);
  });

  it("ignores file values and passwords, but not pending uploads and deletions", () => {
    expect(isRecordChanged(posts, original, { ...original, cover: [] })).toBe(false);
    expect(isRecordChanged(posts, original, { ...original, password: "x", passwordConfirm: "x" })).toBe(false);
    expect(isRecordChanged(posts, original, original, { cover: [new File(["x"], "n.png")] })).toBe(true);
    expect(isRecordChanged(posts, original, original, {}, { cover: ["x.png"] })).toBe(true);
    expect(isRecordChanged(posts, original, original, { cover: [] }, { cover: [] })).toBe(false);
  });

  it("treats null and undefined alike", () => {
    expect(isRecordChanged(posts, { ...original, views: null }, { ...original, views: undefined })).toBe(false);
  });

  it("enables save only when loaded and new or changed", () => {
    expect(canSave({ loading: true, isNew: true, changed: true })).toBe(false);
    expect(canSave({ loading: false, isNew: true, changed: false })).toBe(true);
    expect(canSave({ loading: false, isNew: false, changed: false })).toBe(false);
    expect(canSave({ loading: false, isNew: false, changed: true })).toBe(true);
    expect(canSave({ loading: false, isNew: false, changed: true, saving: true })).toBe(false);
  });

  it("counts a typed password as something to save (passwords are not compared)", () => {
    expect(hasPasswordInput({ password: "", passwordConfirm: "" })).toBe(false);
    expect(hasPasswordInput({})).toBe(false);
    expect(hasPasswordInput({ password: "new-pass-123", passwordConfirm: "" })).toBe(true);
    expect(hasPasswordInput({ password: "", passwordConfirm: "x" })).toBe(true);
  });
});

describe("drafts", () => {
  const original = toFormRecord(posts, { id: "r1", title: "a", views: 1, tags: [], cover: ["x.png"], meta: null });

  it("keeps comparable values only (no files, passwords or expand)", () => {
    const d = draftData(posts, { ...original, title: "b", password: "p", expand: { a: 1 } });
    expect(d.title).toBe("b");
    expect(d).not.toHaveProperty("cover");
    expect(d).not.toHaveProperty("password");
    expect(d).not.toHaveProperty("expand");
  });

  it("is offered only when it differs from the loaded record", () => {
    expect(shouldOfferDraft(posts, null, original)).toBe(false);
    expect(shouldOfferDraft(posts, draftData(posts, original), original)).toBe(false);
    expect(shouldOfferDraft(posts, { title: "b" }, original)).toBe(true);
  });

  it("restores over the loaded record, keeping its files", () => {
    const restored = applyDraft(posts, original, { title: "b", cover: ["evil.png"] });
    expect(restored.title).toBe("b");
    expect(restored.cover).toEqual(["x.png"]);
  });

  it("parses stored text defensively", () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft("not json")).toBeNull();
    expect(parseDraft("[1]")).toBeNull();
    expect(parseDraft('{"title":"x"}')).toEqual({ title: "x" });
  });
});

describe("payload", () => {
  it("sends id (new), schema fields only, undefined as null, json normalized", () => {
    const body = buildPayload(posts, { id: "abcdefghijklmno", title: "t", views: undefined, tags: ["a"], meta: "hello", junk: 1, expand: {}, created: "x" }, {}, {}, { isNew: true });
    expect(payloadValues(body)).toEqual({ id: "abcdefghijklmno", title: "t", views: null, tags: ["a"], meta: '"hello"' });
  });

  it("leaves the id out of updates and out of new records without one", () => {
    expect(payloadValues(buildPayload(posts, { id: "abcdefghijklmno", title: "t" }, {}, {}, { isNew: false }))).not.toHaveProperty("id");
    expect(payloadValues(buildPayload(posts, { id: "", title: "t" }, {}, {}, { isNew: true }))).not.toHaveProperty("id");
  });

  it("sends an empty json field as null", () => {
    expect(payloadValues(buildPayload(posts, { meta: "  " })).meta).toBeNull();
  });

  it("is multipart: uploads under the field name, deletions as field- and field.filename", () => {
    const file = new File(["abc"], "new.png", { type: "image/png" });
    const body = buildPayload(posts, { title: "t", cover: ["old.png", "keep.png"] }, { cover: [file] }, { cover: ["old.png"] });
    expect(body).toBeInstanceOf(FormData);
    expect(body.getAll("cover")).toHaveLength(1);
    expect((body.get("cover") as File).name).toBe("new.png");
    expect(body.getAll("cover-")).toEqual(["old.png"]);
    expect(body.get("cover.old.png")).toBe("");
    expect(payloadValues(body)).not.toHaveProperty("cover");
  });

  it("adds the auth fields for auth collections, passwords only when shown", () => {
    const rec = { name: "n", username: "u", email: "e@x.io", emailVisibility: true, verified: false, password: "p1", passwordConfirm: "p1" };
    const without = payloadValues(buildPayload(users, rec));
    expect(without).toEqual({ name: "n", username: "u", email: "e@x.io", emailVisibility: true, verified: false });
    const withPass = payloadValues(buildPayload(users, rec, {}, {}, { sendPassword: true }));
    expect(withPass.password).toBe("p1");
    expect(withPass.passwordConfirm).toBe("p1");
    expect(payloadValues(buildPayload(posts, rec))).not.toHaveProperty("username");
  });
});

describe("select trimming", () => {
  it("keeps the last maxSelect entries", () => {
    expect(trimSelect(["a", "b", "c"], 2)).toEqual(["b", "c"]);
    expect(trimSelect(["a"], 2)).toEqual(["a"]);
    expect(trimSelect("a", 3)).toEqual(["a"]);
    expect(trimSelect("", 3)).toEqual([]);
    expect(trimSelect(null, 3)).toEqual([]);
    expect(trimSelect(["a", "b"], 0)).toEqual(["b"]);
  });

  it("applies to loaded multi-select values", () => {
    expect(toFormRecord(posts, { tags: ["a", "b", "c"] }).tags).toEqual(["b", "c"]);
  });
});

describe("json normalization", () => {
  it("converts true, false, null, numbers, arrays and objects; leaves quoted text; quotes other strings", () => {
    expect(normalizeJsonText("true")).toBe("true");
    expect(normalizeJsonText("false")).toBe("false");
    expect(normalizeJsonText("null")).toBe("null");
    expect(normalizeJsonText(" 12.5 ")).toBe("12.5");
    expect(normalizeJsonText("-3e2")).toBe("-3e2");
    expect(normalizeJsonText("[1, 2]")).toBe("[1, 2]");
    expect(normalizeJsonText('{"a":1}')).toBe('{"a":1}');
    expect(normalizeJsonText('"quoted"')).toBe('"quoted"');
    expect(normalizeJsonText("hello world")).toBe('"hello world"');
    expect(normalizeJsonText('say "hi"')).toBe('"say \\"hi\\""');
    expect(normalizeJsonText("")).toBe("");
  });

  it("keeps broken objects broken so they are reported", () => {
    expect(normalizeJsonText('{"a":')).toBe('{"a":');
    expect(jsonParseError(normalizeJsonText('{"a":'))).not.toBe("");
  });

  it("counts empty as valid", () => {
    expect(jsonParseError("")).toBe("");
    expect(jsonParseError("   ")).toBe("");
  });

  it("shows loaded values as indented text", () => {
    expect(toFormRecord(posts, { meta: { a: 1 } }).meta).toBe('{\n  "a": 1\n}');
    expect(toFormRecord(posts, { meta: null }).meta).toBe("");
  });

  it("quotes number-like text that is not a JSON number instead of rejecting it", () => {
    for (const t of ["01", ".5", "5.", "-.5", "+5", "1e", "0x10"]) {
      expect(normalizeJsonText(t)).toBe(JSON.stringify(t));
      expect(jsonParseError(normalizeJsonText(t))).toBe("");
    }
    expect(normalizeJsonText("0")).toBe("0");
    expect(normalizeJsonText("-0.25e-3")).toBe("-0.25e-3");
  });

  it("saves a loaded string as the same string, whatever it looks like", () => {
    for (const stored of ["123", "true", "null", "[1]", '{"a":1}', "plain", ""]) {
      const form = toFormRecord(posts, { id: "r1", meta: stored });
      const sent = payloadValues(buildPayload(posts, form)).meta;
      // the server reads a json field's text as JSON
      expect(JSON.parse(sent as string)).toBe(stored);
    }
  });

  it("keeps a duplicate's json text as it is", () => {
    const form = toFormRecord(posts, { id: "r1", meta: { a: 1 } });
    expect(newFormRecord(posts, duplicateRecord(posts, form)).meta).toBe(form.meta);
    expect(newFormRecord(posts).meta).toBe("");
  });
});

describe("validation messages", () => {
  it("id shorter than 15 characters", () => {
    const e = validateRecord(posts, { id: "short" }, { isNew: true, passwordShown: false });
    expect(e.id.message).toBe(VALIDATION_MESSAGES.minLength(15));
    expect(e.id.message).toBe("Must be at least 15 characters.");
    expect(validateRecord(posts, { id: "" }, { isNew: true, passwordShown: false })).toEqual({});
    expect(validateRecord(posts, { id: "abcdefghijklmno" }, { isNew: true, passwordShown: false })).toEqual({});
  });

  it("invalid json: code invalid_json with the parse message", () => {
    const e = validateRecord(posts, { meta: "{oops" }, { isNew: true, passwordShown: false });
    expect(e.meta.code).toBe(INVALID_JSON_CODE);
    expect(e.meta.message).toBe(jsonParseError("{oops"));
    expect(e.meta.message.length).toBeGreaterThan(0);
  });

  it("auth: email required by requireEmail, passwords required when shown and equal", () => {
    const e = validateRecord(users, { email: "", password: "", passwordConfirm: "" }, { isNew: true, passwordShown: true });
    expect(e.email.message).toBe("Cannot be blank.");
    expect(e.password.message).toBe("Cannot be blank.");
    expect(e.passwordConfirm.message).toBe("Cannot be blank.");
    const mismatch = validateRecord(users, { email: "a@b.co", password: "x", passwordConfirm: "y" }, { isNew: true, passwordShown: true });
    expect(mismatch.passwordConfirm.message).toBe("Values don't match.");
    expect(validateRecord(users, { email: "a@b.co" }, { isNew: false, passwordShown: false })).toEqual({});
    const optional = collection("auth", [], { requireEmail: false });
    expect(validateRecord(optional, { email: "" }, { isNew: true, passwordShown: false })).toEqual({});
  });
});

describe("duplicate, dates, passwords, empty records", () => {
  it("duplicate clears id, created, updated and file values", () => {
    const copy = duplicateRecord(posts, { id: "r1", created: "c", updated: "u", title: "t", cover: ["a.png"], expand: {}, password: "p" });
    expect(copy).toEqual({ title: "t", cover: [] });
  });

  it("dates are truncated to 19 characters and round-trip local <-> UTC", () => {
    expect(truncateDate("2024-01-02 03:04:05.678Z")).toBe("2024-01-02 03:04:05");
    const stored = localInputToUtc("2024-05-06T07:08:09");
    expect(stored).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.000Z$/);
    expect(utcToLocalInput(stored)).toBe("2024-05-06T07:08:09");
    expect(localInputToUtc("")).toBe("");
    expect(utcToLocalInput("")).toBe("");
  });

  it("generated passwords are max(15, minPasswordLength) long", () => {
    expect(generatePassword(0)).toHaveLength(15);
    expect(generatePassword(8)).toHaveLength(15);
    expect(generatePassword(20)).toHaveLength(20);
    expect(generatePassword(0)).toMatch(/^[a-zA-Z0-9]+$/);
  });

  it("a new record starts empty, multi-value fields as lists", () => {
    const r = emptyRecord(posts);
    expect(r).toMatchObject({ id: "", title: "", views: null, tags: [], cover: [], meta: null });
    expect(emptyRecord(users)).toMatchObject({ username: "", email: "", verified: false, emailVisibility: false });
  });
});
