import { describe, expect, it } from "vitest";
import { compactJson } from "./jsonCompact.js";
import { goMarshal } from "./goMarshal.js";
import { goFormatG, goQuote } from "./goStrconv.js";
import { stringifyJson } from "./json.js";
import { RawJson } from "./rawJson.js";

describe("raw JSON values", () => {
  it("compacts like Go's encoder writes a raw value, and refuses what json.Valid refuses", () => {
    expect(compactJson(' { "a" : [ 1 , {} , [ ] ] ,\n"b":"x y" }\n')).toBe('{"a":[1,{},[]],"b":"x y"}');
    expect(compactJson('{"<":"&\u2028","n":1.10,"d":1,"d":2,"e":1e400}')).toBe('{"\\u003c":"\\u0026\\u2028","n":1.10,"d":1,"d":2,"e":1e400}');
    const same = '{"a":"\\u00e9\\ud800","b":-0}';
    expect(compactJson(same)).toBe(same);
    for (const bad of ["", " ", "{", '{"a":1,}', "[1,]", "01", "1.", "-", "tru", "nulll", '"\\x"', '"a\u0001"', '{"a" 1}', "{1:2}", "[1 2]", "[]]", '"a" "b"']) {
      expect(compactJson(bad), JSON.stringify(bad)).toBeNull();
    }
    expect(compactJson("[".repeat(10_000) + "]".repeat(10_000))).not.toBeNull();
    expect(compactJson("[".repeat(10_001) + "]".repeat(10_001))).toBeNull();
  });

  it("splices stored text into answers, and only placeholders of this process", () => {
    const raw = new RawJson('{"big": 12345678901234567890}', '{"big":12345678901234567890}');
    const lookalike = "\u0000abc:0";
    expect(stringifyJson({ a: [raw, raw], s: lookalike })).toBe('{"a":[{"big":12345678901234567890},{"big":12345678901234567890}],"s":"\\u0000abc:0"}');
    // Outside stringifyJson it stands for its parsed value.
    expect(JSON.stringify({ raw })).toBe('{"raw":{"big":12345678901234567000}}');
    const deep = JSON.parse("[".repeat(20_000) + "]".repeat(20_000)) as unknown[];
    expect(stringifyJson([raw, deep]).slice(0, 40)).toBe('[{"big":12345678901234567890},' + "[".repeat(10));
  });

  it("encodes decoded values like Go: sorted keys (UTF-8 order), -0, escapes", () => {
    expect(goMarshal(JSON.parse('{"b":1,"a":{"y":[1.10,-0,1e21,1e-7]},"10":1,"9":2,"\uff01":1,"😀":2,"<":"\ud800&"}'))).toBe(
      '{"10":1,"9":2,"\\u003c":"\ufffd\\u0026","a":{"y":[1.1,-0,1e+21,1e-7]},"b":1,"\uff01":1,"😀":2}',
    );
    expect(() => goMarshal([Infinity])).toThrow(RangeError);
  });

  it("quotes and formats floats like Go's strconv", () => {
    expect(goQuote('a"\\ b')).toBe('"a\\"\\\\ b"');
    expect(goQuote("\u0007\u0001\u007f\u00a0é\u{1F9FF}\u{E0001}\ud800")).toBe('"\\a\\x01\\x7f\\u00a0é\u{1F9FF}\\U000e0001\ufffd"');
    expect([1234567.5, 1e-7, 0.0001, 123456.5, 1e21, 1.2345678901234568e22, -2.5, Infinity].map(goFormatG)).toEqual([
      "1.2345675e+06", "1e-07", "0.0001", "123456.5", "1e+21", "1.2345678901234568e+22", "-2.5", "+Inf",
    ]);
  });
});
