import { describe, expect, it } from "vitest";
import { hasNonFiniteNumber, jsonDeeperThan, parseJsonStrict, stringifyIterative, stringifyJson } from "./json.js";

const nest = (depth: number, leaf: unknown = 1): unknown => {
  let v: unknown = leaf;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v, "x"] : { a: v, "k\"\\": null };
  return v;
};

describe("tools/json", () => {
  it("stringifies values too deep for JSON.stringify, identically to what it writes for shallower ones", () => {
    const samples: unknown[] = [
      { a: [1, "two", null, true, { b: undefined, c: () => 0 }], d: new Date(0), e: [undefined, Number.NaN], f: "\u2028<&>" },
      nest(50),
      [],
      {},
    ];
    for (const s of samples) {
      expect(stringifyJson(s)).toBe(JSON.stringify(s));
      expect(stringifyIterative(s)).toBe(JSON.stringify(s));
    }
    // Built as text, parsed (iterative in V8), and written back identically.
    const text = '{"a":'.repeat(10_000) + '[1,"x\\"",null,{}]' + "}".repeat(10_000);
    const deep = JSON.parse(text) as unknown;
    // (Node 20's JSON.stringify throws a RangeError here; newer V8s may not.)
    expect(stringifyIterative(deep)).toBe(text);
    expect(stringifyJson(deep)).toBe(text);
    expect(stringifyJson(nest(20_000))).toBe(stringifyJson(JSON.parse(stringifyJson(nest(20_000)))));
  });

  it("measures nesting depth outside strings", () => {
    expect(jsonDeeperThan("[".repeat(10_001) + "]".repeat(10_001))).toBe(true);
    expect(jsonDeeperThan("[".repeat(10_000) + "]".repeat(10_000))).toBe(false);
    expect(jsonDeeperThan(`["${"[".repeat(20_000)}\\"[["]`)).toBe(false);
  });

  it("refuses numbers that overflow a float64", () => {
    expect(hasNonFiniteNumber({ a: [1, { b: -1e999 }] })).toBe(true);
    expect(hasNonFiniteNumber({ a: [1e308, "1e999"] })).toBe(false);
    expect(() => parseJsonStrict('{"n": 1e999}')).toThrow(SyntaxError);
    expect(parseJsonStrict('{"n": 1e308, "s": "1e999"}')).toEqual({ n: 1e308, s: "1e999" });
  });
});
