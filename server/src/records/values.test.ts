import { describe, expect, it } from "vitest";
import { castBool } from "../fields/bool.js";
import { castDate, goTimeString, validateDateValue } from "../fields/date.js";
import { parseDateTime } from "../fields/dateTime.js";
import { validateEmailValue } from "../fields/email.js";
import { castFileNames, validateFileCount, validateUploadedFile } from "../fields/file.js";
import { castJson, jsonText, validateJsonValue } from "../fields/json.js";
import { castNumber, validateNumberValue } from "../fields/number.js";
import { castRelation, validateRelationCount } from "../fields/relation.js";
import { castSelect, castUniqueStrings, validateSelectValue } from "../fields/select.js";
import { castText, goFormatFloat, goRegexpToJs, validateTextValue } from "../fields/text.js";
import { validateUrlValue } from "../fields/url.js";

const code = (e: { code: string } | null) => e?.code ?? null;

describe("text values", () => {
  it("casts like the reference", () => {
    expect(castText("x")).toBe("x");
    expect(castText(1.5)).toBe("1.5");
    expect(castText(1e21)).toBe("1000000000000000000000");
    expect(castText(1e-7)).toBe("0.0000001");
    expect(castText(true)).toBe("true");
    expect(castText([1])).toBe("");
    expect(castText({ a: 1 })).toBe("");
    expect(castText(null)).toBe("");
    expect(goFormatFloat(-2.5e22)).toBe("-25000000000000000000000");
  });
  it("checks min, max (in characters) and pattern; empty passes", () => {
    const o = { min: 2, max: 5, pattern: "^[a-zé]+$" };
    expect(validateTextValue(o, "")).toBeNull();
    expect(code(validateTextValue(o, "a"))).toBe("validation_min_text_constraint");
    expect(validateTextValue(o, "a")?.message).toBe("Must be at least 2 character(s)");
    expect(code(validateTextValue(o, "abcdef"))).toBe("validation_max_text_constraint");
    expect(validateTextValue(o, "éééé")).toBeNull();
    expect(code(validateTextValue(o, "ab1"))).toBe("validation_invalid_format");
  });
  it("translates Go patterns", () => {
    expect(goRegexpToJs("(?i)^abc$")!.test("ABC")).toBe(true);
    expect(goRegexpToJs("^(?P<x>a+)$")!.test("aa")).toBe(true);
    expect(goRegexpToJs("^[[:digit:]]+$")!.test("123")).toBe(true);
    expect(goRegexpToJs("\\Aab\\z")!.test("ab")).toBe(true);
    expect(goRegexpToJs("\\Aab\\z")!.test("ab\n")).toBe(false);
  });
});

describe("number values", () => {
  it("casts text like strconv.ParseFloat (else 0)", () => {
    expect(castNumber("5")).toBe(5);
    expect(castNumber("1e3")).toBe(1000);
    expect(castNumber(" 5")).toBe(0);
    expect(castNumber("0x10")).toBe(0);
    expect(castNumber("abc")).toBe(0);
    expect(castNumber(true)).toBe(1);
    expect(castNumber(null)).toBe(0);
    expect(castNumber("Infinity")).toBe(Infinity);
  });
  it("checks noDecimal, min and max; zero passes", () => {
    const o = { min: 1, max: 10, noDecimal: true };
    expect(validateNumberValue(o, 0)).toBeNull();
    expect(code(validateNumberValue(o, 1.5))).toBe("validation_no_decimal_constraint");
    expect(validateNumberValue(o, -3)?.message).toBe("Must be larger than 1.000000");
    expect(validateNumberValue(o, 11)?.message).toBe("Must be less than 10.000000");
    expect(validateNumberValue(o, 10)).toBeNull();
  });
});

describe("bool values", () => {
  it("casts like the reference", () => {
    for (const v of [true, 1, 2, "1", "t", "true", "TRUE", "True"]) expect(castBool(v)).toBe(true);
    for (const v of [false, 0, "", "yes", "zz", null, [], {}]) expect(castBool(v)).toBe(false);
  });
});

describe("email and url values", () => {
  it("checks the format then the domain lists", () => {
    expect(code(validateEmailValue({ exceptDomains: null, onlyDomains: ["a.com"] }, "bad"))).toBe("validation_invalid_email");
    expect(code(validateEmailValue({ exceptDomains: null, onlyDomains: ["a.com"] }, "x@b.com"))).toBe("validation_email_domain_not_allowed");
    expect(validateEmailValue({ exceptDomains: null, onlyDomains: ["a.com"] }, "x@a.com")).toBeNull();
    expect(code(validateUrlValue({ exceptDomains: ["b.com"], onlyDomains: null }, "http://b.com/x"))).toBe("validation_url_domain_not_allowed");
    expect(code(validateUrlValue({ exceptDomains: null, onlyDomains: null }, "bad"))).toBe("validation_invalid_url");
    expect(validateUrlValue({ exceptDomains: ["b.com"], onlyDomains: null }, "https://c.com:8080/a")).toBeNull();
  });
});

describe("date values", () => {
  it("normalizes readable texts, else empty", () => {
    expect(castDate("2025-01-02T03:04:05Z")).toBe("2025-01-02 03:04:05.000Z");
    expect(castDate("2024-01-01T10:00:00.123456+02:00")).toBe("2024-01-01 08:00:00.123Z");
    expect(castDate("bad")).toBe("");
    expect(castDate(1234)).toBe("");
  });
  it("checks min and max with Go's time text", () => {
    const o = { min: parseDateTime("2020-01-01 00:00:00.000Z"), max: parseDateTime("2030-01-01 00:00:00.000Z") };
    expect(validateDateValue(o, "2010-01-01 00:00:00.000Z")?.message).toBe("Must be no less than 2020-01-01 00:00:00 +0000 UTC");
    expect(code(validateDateValue(o, "2040-01-01 00:00:00.000Z"))).toBe("validation_max_less_equal_than_required");
    expect(validateDateValue(o, "")).toBeNull();
    expect(goTimeString(parseDateTime("2020-01-01 00:00:00.120Z")!)).toBe("2020-01-01 00:00:00.12 +0000 UTC");
  });
});

describe("select, relation and file values", () => {
  it("reads lists, JSON array texts and single values; single fields keep the last", () => {
    expect(castUniqueStrings('["a","b"]')).toEqual(["a", "b"]);
    expect(castUniqueStrings("a,b")).toEqual(["a,b"]);
    expect(castUniqueStrings(["a", 1, "a"])).toEqual(["a", "1"]);
    expect(castUniqueStrings("")).toEqual([]);
    expect(castSelect({ maxSelect: 1, values: null }, ["a", "b"])).toBe("b");
    expect(castSelect({ maxSelect: 2, values: null }, "a")).toEqual(["a"]);
    expect(castRelation({ collectionId: "x", cascadeDelete: false, minSelect: null, maxSelect: 1, displayFields: null }, [])).toBe("");
    expect(castFileNames({ maxSelect: 2, maxSize: 1, mimeTypes: null, thumbs: null, protected: false }, "a.txt")).toEqual(["a.txt"]);
  });
  it("checks select values and count", () => {
    const o = { maxSelect: 2, values: ["a", "b", "c"] };
    expect(validateSelectValue(o, ["a", "z"])?.message).toBe("Invalid value z");
    expect(validateSelectValue(o, ["a", "b", "c"])?.message).toBe("Select no more than 2");
    expect(validateSelectValue(o, [])).toBeNull();
  });
  it("checks relation counts", () => {
    const o = { collectionId: "x", cascadeDelete: false, minSelect: 2, maxSelect: 3, displayFields: null };
    expect(code(validateRelationCount(o, ["a"]))).toBe("validation_not_enough_values");
    expect(code(validateRelationCount(o, ["a", "b", "c", "d"]))).toBe("validation_too_many_values");
    expect(validateRelationCount(o, [])).toBeNull();
  });
  it("checks file counts, sizes and sniffed types", () => {
    const o = { maxSelect: 2, maxSize: 10, mimeTypes: ["image/png"], thumbs: null, protected: false };
    expect(code(validateFileCount(o, ["a", "b", "c"]))).toBe("validation_too_many_values");
    expect(validateUploadedFile(o, { originalName: "big.txt", name: "big_x.txt", size: 11, mime: "text/plain" })?.message).toBe(
      'Failed to upload "big.txt" - the maximum allowed file size is 10 bytes',
    );
    expect(validateUploadedFile(o, { originalName: "a.txt", name: "a_x.txt", size: 1, mime: "text/plain; charset=utf-8" })?.message).toBe(
      '"a_x.txt" mime type must be one of: image/png',
    );
    expect(validateUploadedFile(o, { originalName: "a.png", name: "a_x.png", size: 1, mime: "image/png" })).toBeNull();
  });
});

describe("json values", () => {
  const stored = (v: unknown) => castJson(v)?.text ?? null;
  it("keeps a text that reads as JSON as written, quotes any other text (strconv.Quote)", () => {
    expect(stored("[1, 2 ,3]\n")).toBe("[1, 2 ,3]\n");
    expect(castJson("[1, 2 ,3]\n")?.json).toBe("[1,2,3]");
    expect(stored('{"big": 12345678901234567890, "f": 1.10, "dup": 1, "dup": 2}')).toBe('{"big": 12345678901234567890, "f": 1.10, "dup": 1, "dup": 2}');
    expect(stored(" [1]")).toBe('" [1]"'); // leading space: not taken as JSON
    expect(stored("true")).toBe("true");
    expect(stored("true ")).toBe('"true "');
    expect(stored("{bad")).toBe('"{bad"');
    expect(stored("")).toBe('""');
    expect(stored("a\u00a0b")).toBe('"a\\u00a0b"');
    expect(castJson("\u0001")?.json).toBeNull(); // "\x01": not JSON, refused by validation
    expect(castJson(undefined)).toBeNull();
  });
  it("encodes other values as Go does: keys sorted, -0 kept, <, > and & escaped", () => {
    expect(jsonText({ b: [1.1, -0, 1e21], a: "<&>", 10: 1, 9: 2 })).toBe('{"10":1,"9":2,"a":"\\u003c\\u0026\\u003e","b":[1.1,-0,1e+21]}');
    expect(jsonText(null)).toBeNull();
  });
  it("checks validity, then the stored size", () => {
    expect(validateJsonValue({ maxSize: 5 }, "abcdef")?.message).toBe("The maximum allowed JSON size is 5 bytes");
    expect(validateJsonValue({ maxSize: 5 }, "\u0001")?.code).toBe("validation_invalid_json");
    expect(validateJsonValue({ maxSize: 5 }, "[1,  2]")?.code).toBe("validation_json_size_limit");
    expect(validateJsonValue({ maxSize: 5 }, 123)).toBeNull();
  });
});
