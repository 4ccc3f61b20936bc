import { describe, expect, it } from "vitest";
import { fieldDef, FIELD_TYPES, type FieldType } from "./index.js";
import { DecodeError, errorsToData, type VErrors } from "./errors.js";
import { isDomain } from "./domain.js";

const data = (e: VErrors | null) => (e ? errorsToData(e) : null);
const codes = (type: FieldType, raw: unknown) => {
  const def = fieldDef(type);
  const e = def.validate(def.decode(raw));
  return e ? JSON.parse(JSON.stringify(errorsToData(e), (k, v) => (k === "message" ? undefined : v))) : null;
};

describe("field type modules", () => {
  it("give the reference's default options", () => {
    const json = Object.fromEntries(FIELD_TYPES.map((t) => [t, fieldDef(t).toJSON(fieldDef(t).defaults())]));
    expect(json).toEqual({
      text: { min: null, max: null, pattern: "" },
      number: { min: null, max: null, noDecimal: false },
      bool: {},
      email: { exceptDomains: null, onlyDomains: null },
      url: { exceptDomains: null, onlyDomains: null },
      editor: { convertUrls: false },
      date: { min: "", max: "" },
      select: { maxSelect: 0, values: null },
      json: { maxSize: 0 },
      file: { mimeTypes: null, thumbs: null, maxSelect: 0, maxSize: 0, protected: false },
      relation: { collectionId: "", cascadeDelete: false, minSelect: null, maxSelect: null, displayFields: null },
    });
  });

  it("give column kinds and zero values", () => {
    const col = (t: FieldType, o: unknown = null) => fieldDef(t).columnKind(fieldDef(t).decode(o));
    expect(col("text")).toBe("text");
    expect(col("number")).toBe("number");
    expect(col("bool")).toBe("bool");
    expect(col("json")).toBe("json");
    expect(col("select", { maxSelect: 1 })).toBe("text");
    expect(col("select", { maxSelect: 2 })).toBe("multiple");
    expect(col("relation", { maxSelect: 1 })).toBe("text");
    expect(col("relation")).toBe("multiple");
    expect(col("file", { maxSelect: 2 })).toBe("multiple");
    expect(fieldDef("relation").zeroValue(fieldDef("relation").decode(null))).toEqual([]);
    expect(fieldDef("file").zeroValue(fieldDef("file").decode({ maxSelect: 1 }))).toBe("");
    expect(fieldDef("number").zeroValue({})).toBe(0);
    expect(fieldDef("json").zeroValue({})).toBeNull();
  });

  it("decode Go-style", () => {
    expect(fieldDef("text").decode({ MIN: 1.0, max: 1e3, Pattern: "x", other: 1 })).toEqual({ min: 1, max: 1000, pattern: "x" });
    expect(() => fieldDef("text").decode({ min: 1.5 })).toThrow(DecodeError);
    expect(() => fieldDef("text").decode({ min: 1e21 })).toThrow(DecodeError);
    expect(() => fieldDef("number").decode({ min: "1" })).toThrow(DecodeError);
    expect(() => fieldDef("date").decode({ min: 1 })).toThrow(DecodeError);
    expect(fieldDef("file").decode({ mimeTypes: [null, "x"] }).mimeTypes).toEqual(["", "x"]);
    expect(fieldDef("text").decode({ pattern: null }).pattern).toBe("");
  });

  it("validate with the reference's codes", () => {
    expect(codes("text", { min: -1, max: -2, pattern: "(" })).toEqual({
      min: { code: "validation_min_greater_equal_than_required" }, max: { code: "validation_min_greater_equal_than_required" }, pattern: { code: "validation_invalid_regex" },
    });
    expect(codes("number", { min: 1.5, max: 1, noDecimal: true })).toEqual({ min: { code: "validation_no_decimal_constraint" }, max: { code: "validation_min_greater_equal_than_required" } });
    expect(codes("select", {})).toEqual({ values: { code: "validation_required" }, maxSelect: { code: "validation_required" } });
    expect(codes("select", { values: ["a"], maxSelect: 2 })).toEqual({ maxSelect: { code: "validation_max_less_equal_than_required" } });
    expect(codes("file", { maxSelect: 1, maxSize: 1, thumbs: ["0x0", "1x1f", "x"] })).toEqual({ thumbs: { 0: { code: "validation_not_in_invalid" }, 2: { code: "validation_match_invalid" } } });
    expect(codes("json", { maxSize: -1 })).toEqual({ maxSize: { code: "validation_min_greater_equal_than_required" } });
    expect(codes("relation", { collectionId: "x", maxSelect: 0 })).toEqual({ maxSelect: { code: "validation_nil_or_not_empty_required" } });
    expect(codes("email", { exceptDomains: ["a.com"], onlyDomains: ["b.com"] })).toEqual({ exceptDomains: { code: "validation_empty" }, onlyDomains: { code: "validation_empty" } });
    expect(codes("date", { min: "2020-01-02", max: "2020-01-01" })).toEqual({ max: { code: "validation_date_out_of_range" } });
    expect(codes("bool", { x: 1 })).toBeNull();
    expect(data(fieldDef("text").validate({ min: -1, max: null, pattern: "" }))).toEqual({ min: { code: "validation_min_greater_equal_than_required", message: "Must be no less than 0." } });
  });

  it("check domains like the reference", () => {
    for (const ok of ["a.com", "A.COM", "sub.example.co.uk", "xn--80ak6aa92e.com"]) expect(isDomain(ok), ok).toBe(true);
    for (const bad of ["localhost", "a_b.com", "1.2.3.4", "-a.com", "a-.com", "a.xn--p1ai", "a.com.", "a..com"]) expect(isDomain(bad), bad).toBe(false);
  });
});
