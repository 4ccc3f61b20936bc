import { describe, expect, it } from "vitest";
import { parseExpand } from "./expand.js";
import { htmlText, parseFields, pickFields } from "./fields.js";

const tree = (t: ReturnType<typeof parseExpand>): unknown => Object.fromEntries([...t].map(([k, v]) => [k, tree(v)]));

describe("expand parameter", () => {
  it("builds a tree, skipping blank parts and cutting at 6 levels", () => {
    expect(tree(parseExpand("a.b, a.c ,,d"))).toEqual({ a: { b: {}, c: {} }, d: {} });
    expect(tree(parseExpand("a..b"))).toEqual({});
    expect(tree(parseExpand("1.2.3.4.5.6.7.8"))).toEqual({ 1: { 2: { 3: { 4: { 5: { 6: {} } } } } } });
    expect(tree(parseExpand(undefined))).toEqual({});
  });
});

describe("fields parameter", () => {
  const rec = { id: "x", title: "Hello world", body: "<p>Some <b>long</b> text</p>", expand: { tags: [{ id: "t", name: "n" }] } };
  it("keeps listed keys, nested keys and everything with *", () => {
    expect(pickFields(rec, parseFields("id,expand.tags.name"))).toEqual({ id: "x", expand: { tags: [{ name: "n" }] } });
    expect(pickFields(rec, parseFields("*,body:excerpt(4,true)"))).toEqual({ ...rec, body: "Some..." });
    expect(pickFields(rec, parseFields(" , "))).toBe(rec);
  });
  it("refuses unknown modifiers and bad excerpt arguments", () => {
    expect(() => parseFields("a:nope(1)")).toThrow();
    expect(() => parseFields("a:excerpt(x)")).toThrow();
    expect(() => parseFields("a:excerpt(1,2,3)")).toThrow();
    expect(() => parseFields("a:excerpt(1,yes)")).toThrow();
  });
  it("reads html as plain text", () => {
    expect(htmlText("<p>a</p><p>b<i>c</i>d</p><script>x()</script>  e &lt;f&gt; &#65; é")).toBe("a bcd e <f> A é");
  });
});
