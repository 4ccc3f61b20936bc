import { describe, expect, it } from "vitest";
import { numberPlaceholders } from "./placeholders.js";

describe("numberPlaceholders", () => {
  it.each([
    ["SELECT 1", "SELECT 1"],
    ["SELECT * FROM t WHERE a = ? AND b IN (?, ?)", "SELECT * FROM t WHERE a = $1 AND b IN ($2, $3)"],
    ["SELECT '?' , ?", "SELECT '?' , $1"],
    ["SELECT 'it''s ?', ?", "SELECT 'it''s ?', $1"],
    [`SELECT "a?b" FROM "t""?" WHERE x = ?`, `SELECT "a?b" FROM "t""?" WHERE x = $1`],
    ["SELECT ? -- what?\n, ?", "SELECT $1 -- what?\n, $2"],
    ["SELECT ? /* a? /* nested? */ still? */ , ?", "SELECT $1 /* a? /* nested? */ still? */ , $2"],
    ["SELECT E'\\'?', ?", "SELECT E'\\'?', $1"],
    // Not an E-string: a backslash is an ordinary character, the quote after it ends the literal.
    ["SELECT 'a\\', ?", "SELECT 'a\\', $1"],
    ["SELECT $$?$$, $x$ ? $x$, ?", "SELECT $$?$$, $x$ ? $x$, $1"],
    ["SELECT $1x, ?", "SELECT $1x, $1"],
    ["SELECT a$b, ?", "SELECT a$b, $1"],
    ["SELECT ?||?", "SELECT $1||$2"],
  ])("%j", (sql, expected) => {
    expect(numberPlaceholders(sql)).toBe(expected);
  });

  it("leaves an unterminated literal as it is (the server reports it)", () => {
    expect(numberPlaceholders("SELECT ?, 'open ?")).toBe("SELECT $1, 'open ?");
    expect(numberPlaceholders(`SELECT ?, "open ?`)).toBe(`SELECT $1, "open ?`);
  });
});
