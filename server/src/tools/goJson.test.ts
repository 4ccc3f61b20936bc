import { describe, expect, it } from "vitest";
import { decodeInto, JsonNumber, JsonObject, LoadError, normalize, parseFirstJsonValue, project, withExtras, type Shape } from "./goJson.js";

const SHAPE: Shape = {
  name: "string",
  count: "int",
  on: "bool",
  tags: "stringList",
  pkce: "nullableBool",
  group: { title: "string", size: "int" },
};

const base = () => ({ name: "n", count: 1, on: true, tags: ["a"], pkce: true, group: { title: "t", size: 2 } });

function decode(text: string, target: Record<string, unknown> = base()) {
  decodeInto(SHAPE, target, parseFirstJsonValue(text));
  return target;
}

describe("parseFirstJsonValue", () => {
  it("keeps number lexemes and object entries", () => {
    const v = parseFirstJsonValue('{"a": 1.50, "a": -2e3, "b": [true, null, "x\\u00e9\\n"]}') as JsonObject;
    expect(v.entries.map(([k]) => k)).toEqual(["a", "a", "b"]);
    expect((v.entries[0][1] as JsonNumber).lexeme).toBe("1.50");
    expect((v.entries[1][1] as JsonNumber).lexeme).toBe("-2e3");
    expect(v.entries[2][1]).toEqual([true, null, "xé\n"]);
  });

  it("reads only the first value", () => {
    expect(parseFirstJsonValue('{"a":"b"} trailing { garbage')).toBeInstanceOf(JsonObject);
  });

  it.each(["", "   ", "{bad", '{"a":}', "[1,]", '{"a":1,}', '{"a":01}', '"\t"', "tru", '"\\x"', "-", "[1.]"])("rejects %j", (text) => {
    expect(() => parseFirstJsonValue(text)).toThrow(LoadError);
  });

  it("rejects absurd nesting without blowing the stack", () => {
    expect(() => parseFirstJsonValue("[".repeat(100_000))).toThrow(LoadError);
  });
});

describe("decodeInto", () => {
  it("merges nested objects and replaces scalars", () => {
    expect(decode('{"name":"x","group":{"size":5}}')).toEqual({ ...base(), name: "x", group: { title: "t", size: 5 } });
  });

  it("matches keys exactly first, then case-insensitively, last duplicate wins", () => {
    expect(decode('{"NAME":"a","Count":7,"group":{"TITLE":"z"},"name":"b"}')).toMatchObject({ name: "b", count: 7, group: { title: "z" } });
  });

  it("ignores unknown keys and leaves scalars and groups alone on null", () => {
    expect(decode('{"nope":[1,{"x":2}],"name":null,"count":null,"group":null}')).toEqual(base());
  });

  it("clears lists and nullable booleans on null", () => {
    expect(decode('{"tags":null,"pkce":null}')).toMatchObject({ tags: null, pkce: null });
  });

  it("reads null list items as empty strings", () => {
    expect(decode('{"tags":["x",null]}').tags).toEqual(["x", ""]);
  });

  it("accepts a null body", () => {
    expect(decode("null")).toEqual(base());
  });

  it.each([
    '{"count":"5"}', '{"count":5.0}', '{"count":1e3}', '{"count":9223372036854775808}', '{"count":true}', '{"name":5}', '{"on":"true"}',
    '{"on":0}', '{"tags":"a"}', '{"tags":[5]}', '{"pkce":"yes"}', '{"group":5}', '{"group":[]}', "[]", '"x"', "5",
  ])("rejects %s", (text) => {
    expect(() => decode(text)).toThrow(LoadError);
  });

  it("accepts the int64 range", () => {
    expect(decode('{"count":-9223372036854775808}').count).toBe(-9223372036854775808);
  });
});

describe("normalize / project / withExtras", () => {
  it("takes well-typed values, defaults the rest and keeps undeclared keys aside", () => {
    const raw = { name: 5, count: 3, on: "yes", tags: ["a", 1], pkce: null, group: { title: "x", extra: 1 }, unknown: { deep: true } };
    const { value, extras } = normalize(SHAPE, base(), raw);
    expect(value).toEqual({ name: "n", count: 3, on: true, tags: ["a"], pkce: null, group: { title: "x", size: 2 } });
    expect(extras).toEqual({ group: { extra: 1 }, unknown: { deep: true } });
    expect(withExtras(value, extras)).toEqual({ ...value, group: { title: "x", size: 2, extra: 1 }, unknown: { deep: true } });
  });

  it("defaults everything when the stored value is not an object", () => {
    expect(normalize(SHAPE, base(), "encrypted-text").value).toEqual(base());
  });

  it("projects only declared fields, in shape order", () => {
    const out = project(SHAPE, { group: { size: 1, title: "a", x: 1 }, zzz: 1, name: "n" });
    expect(Object.keys(out)).toEqual(["name", "count", "on", "tags", "pkce", "group"]);
    expect(out.group).toEqual({ title: "a", size: 1 });
  });
});
