import { describe, expect, it } from "vitest";
import { bindFilterParams } from "./filterParams.js";
import { tokenize } from "./lexer.js";

describe("bindFilterParams", () => {
  it.each([
    ["title = {:t}", { t: "it's" }, "title = 'it\\'s'"],
    ["n > {:n} && ok = {:ok} && x = {:x}", { n: 2.5, ok: true, x: null }, "n > 2.5 && ok = true && x = null"],
    ["tags ~ {:list}", { list: ["a", "b"] }, `tags ~ '["a","b"]'`],
    ["a = {:unknown}", {}, "a = {:unknown}"],
  ])("%s", (filter, params, out) => {
    expect(bindFilterParams(filter, params)).toBe(out);
  });

  it("a quoted value reads back as the same text", () => {
    const tokens = tokenize(bindFilterParams("a = {:v}", { v: `say "hi" it's` }));
    expect(tokens.find((t) => t.type === "text")?.value).toBe(`say "hi" it's`);
  });
});
