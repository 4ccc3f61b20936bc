import { describe, expect, it } from "vitest";
import type { Expr } from "./ast.js";
import { QueryError } from "./errors.js";
import { parseFilter } from "./parser.js";

/** Compact rendering of an AST: conditions as `l op r`, groups in brackets. */
function show(e: Expr): string {
  if (e.type === "condition") {
    const o = (x: typeof e.left) =>
      x.kind === "identifier" ? x.name : x.kind === "text" ? JSON.stringify(x.value) : x.kind === "null" ? "NULL" : String(x.value);
    return `${o(e.left)} ${e.op} ${o(e.right)}`;
  }
  return "[" + e.children.map(show).join(e.type === "and" ? " AND " : " OR ") + "]";
}

/** `depth` groups nested inside one another, alternating && and ||: `(b = 1 || (b = 1 && ... a = 1))`. */
function alternating(depth: number): string {
  return Array.from({ length: depth }, (_, i) => `(b = 1 ${i % 2 ? "&&" : "||"} `).join("") + "a = 1" + ")".repeat(depth);
}

describe("parseFilter", () => {
  it.each<[string, string]>([
    ["a = 1", "a = 1"],
    ["a = 1 && b = 2", "[a = 1 AND b = 2]"],
    ["a = 1 || b = 2 && c = 3", "[a = 1 OR [b = 2 AND c = 3]]"],
    ["a = 1 && b = 2 || c = 3", "[[a = 1 AND b = 2] OR c = 3]"],
    ["(a = 1 || b = 2) && c = 3", "[[a = 1 OR b = 2] AND c = 3]"],
    ["a = 1 && (b = 2 || c = 3) && d = 4", "[a = 1 AND [b = 2 OR c = 3] AND d = 4]"],
    ["((a = 1))", "a = 1"],
    ["(((a = 1)) && b != '')", '[a = 1 AND b != ""]'],
    ["a = 1 && (b = 2 && c = 3)", "[a = 1 AND b = 2 AND c = 3]"],
    ["'x' = a", '"x" = a'],
    ["1 = 1", "1 = 1"],
    ["a = true || a = FALSE || a = Null || a = nULL", "[a = true OR a = false OR a = NULL OR a = NULL]"],
    ["a = -0.5", "a = -0.5"],
    ["a = 007", "a = 7"],
    ["@now > created", "@now > created"],
    ["a ?>= b", "a ?>= b"],
    ["a = 'x' // note\n|| b = 'y'", '[a = "x" OR b = "y"]'],
  ])("%j", (input, expected) => {
    expect(show(parseFilter(input))).toBe(expected);
  });

  it.each([
    ["", /empty filter/],
    ["   ", /empty filter/],
    ["// just a comment", /empty filter/],
    ["()", /empty filter expression in brackets/],
    ["a = 1 && ()", /empty filter expression in brackets/],
    ["a", /incomplete/],
    ["a =", /incomplete/],
    ["a = 1 &&", /incomplete/],
    ["&& a = 1", /expected left operand/],
    ["a = 1 && && b = 2", /expected left operand/],
    ["a = 1 b = 2", /expected && or \|\|/],
    ["a = 1 (b = 2)", /expected && or \|\|/],
    ["a = 'x' 'y'", /expected && or \|\|/],
    ["a = ('x')", /expected right operand/],
    ["a = 1 )", /unexpected "\)"/],
    ["(a = 1", /missing closing bracket/],
    ["((a = 1)", /missing closing bracket/],
    ["a = = 1", /expected right operand/],
    ["a b", /expected a sign operator/],
    ["= 1", /expected left operand/],
  ])("rejects %j", (input, detail) => {
    let err: unknown;
    try {
      parseFilter(input);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(QueryError);
    expect((err as QueryError).detail).toMatch(detail);
  });

  it("limits length, depth and size", () => {
    expect(() => parseFilter("a = '" + "x".repeat(100) + "'", { maxLength: 50 })).toThrow(QueryError);
    expect(() => parseFilter(alternating(11), { maxDepth: 10 })).toThrow(QueryError);
    expect(() => parseFilter(alternating(10), { maxDepth: 10 })).not.toThrow();
    expect(() => parseFilter(Array(11).fill("a = 1").join(" || "), { maxConditions: 10 })).toThrow(QueryError);
    // The defaults accept what the reference accepts: any number of brackets around one
    // expression (no recursion to exhaust), long literals.
    expect(show(parseFilter("(".repeat(1000) + "a = 1" + ")".repeat(1000)))).toBe("a = 1");
    expect(show(parseFilter("(".repeat(100_000) + "a = 1 && (b = 2 || c = 3)" + ")".repeat(100_000)))).toBe("[a = 1 AND [b = 2 OR c = 3]]");
    expect(() => parseFilter("(".repeat(100_000) + "a = 1" + ")".repeat(99_999))).toThrow(QueryError);
    expect(() => parseFilter(alternating(1000))).not.toThrow();
    expect(() => parseFilter(alternating(1001))).toThrow(QueryError);
    expect(() => parseFilter(alternating(50_000))).toThrow(QueryError);
    expect(() => parseFilter("a = '" + "x".repeat(100_000) + "'")).not.toThrow();
    expect(() => parseFilter("a = '" + "x".repeat(300_000) + "'")).toThrow(QueryError);
  });

  it("keeps long chains flat", () => {
    const e = parseFilter(Array(500).fill("a = 1").join(" || "));
    expect(e.type).toBe("or");
    expect(e.type !== "condition" && e.children).toHaveLength(500);
  });
});
