import { describe, expect, it } from "vitest";
import { likePattern } from "./like.js";

// Value (as written between the quotes of a filter, after unescaping quotes) -> LIKE pattern,
// as observed on the reference v0.22.20.
describe("likePattern", () => {
  it.each<[string, string]>([
    ["a", "%a%"],
    ["", "%%"],
    ["a_b", "%a\\_b%"],
    ["_", "%\\_%"],
    ["_a", "%\\_a%"],
    ["a_", "%a\\_%"],
    ["__", "%_\\_%"],
    ["a__b", "%a_\\_b%"],
    ["a___b", "%a\\__\\_b%"],
    ["x__", "%x_\\_%"],
    ["a\\b", "%a\\\\b%"],
    ["\\b", "%\\\\b%"],
    ["a\\b\\c", "%a\\\\b\\\\c%"],
    ["A\\\\b", "%A\\\\b%"],
    ["a\\_b", "%a\\_b%"],
    ["a\\\\_b", "%a\\\\\\_b%"],
    ["a\\\\\\b", "%a\\\\\\\\b%"],
    ["a\\b\\ ", "%a\\\\b\\\\ %"],
    ["_\\ ", "%_\\\\ %"],
    ["\\_", "%\\_%"],
    ["a_\\_b", "%a\\_\\_b%"],
    ["\\n_", "%\\\\n\\_%"],
    ["é_", "%é\\_%"],
    // an escaped % does not count as a wildcard
    ["\\%", "%\\%%"],
    ["a\\%b", "%a\\%b%"],
    ["a\\%_", "%a\\\\%\\_%"],
    ["\\\\\\%x", "%\\\\\\%x%"],
    ["x\\\\\\\\\\%", "%x\\\\\\\\\\%%"],
    // an unescaped % keeps the value as it is
    ["%", "%"],
    ["a%", "a%"],
    ["a%%", "a%%"],
    ["a%b", "a%b"],
    ["%\\_", "%\\_"],
    ["\\\\%", "\\\\%"],
    ["a\\\\%b", "a\\\\%b"],
    ["x\\\\\\\\%", "x\\\\\\\\%"],
    ["\\%%", "\\%%"],
    ["%\\%", "%\\%"],
  ])("%j -> %j", (value, pattern) => {
    expect(likePattern(value)).toBe(pattern);
  });
});
