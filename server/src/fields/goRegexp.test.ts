import { describe, expect, it } from "vitest";
import { goRegexpError } from "./goRegexp.js";

// Messages as the reference reports them (checked against the binary in test/collections/fields.diff.test.ts).
const INVALID: [string, string][] = [
  ["(", "missing closing ): `(`"],
  ["a(?=b)", "invalid or unsupported Perl syntax: `(?=`"],
  ["(?z)", "invalid or unsupported Perl syntax: `(?z`"],
  ["\\1", "invalid escape sequence: `\\1`"],
  ["\\8", "invalid escape sequence: `\\8`"],
  ["\\xZZ", "invalid escape sequence: `\\xZZ`"],
  ["\\C", "invalid escape sequence: `\\C`"],
  ["*a", "missing argument to repetition operator: `*`"],
  ["a|*", "missing argument to repetition operator: `*`"],
  ["(*)", "missing argument to repetition operator: `*`"],
  ["[z-a]", "invalid character class range: `z-a`"],
  ["[[:foo:]]", "invalid character class range: `[:foo:]`"],
  ["\\p{Foo}", "invalid character class range: `\\p{Foo}`"],
  ["a{2,1}", "invalid repeat count: `{2,1}`"],
  ["a{1001}", "invalid repeat count: `{1001}`"],
  ["(a{500}){3}", "invalid repeat count: `{3}`"],
  ["a**", "invalid nested repetition operator: `**`"],
  ["a+?+", "invalid nested repetition operator: `+?+`"],
  ["[a", "missing closing ]: `[a`"],
  ["a)", "unexpected ): `a)`"],
  ["x\\", "trailing backslash at end of expression: ``"],
  ["(?P<>a)", "invalid named capture: `(?P<>`"],
  ["(?P<a-b>x)", "invalid named capture: `(?P<a-b>`"],
];

const VALID = [
  "", "abc", "(?i)abc\\d+", "^[a-z]+$", "a{,5}", "{", "a{2}", "a{2,}", "(?P<n>a)(?P<n>b)", "(?<x>a)", "\\Q*+?\\E", "[]a]", "[^]a]", "[\\d-z]",
  "\\pL+", "\\p{Greek}", "\\P{^Lu}", "^*", "[[:alpha:][:^digit:]]", "\\x{10FFFF}", "\\x41", "\\101", "(?s:.)", "(?i-m)a", "a|b|", "()", "\\b\\B\\A\\z",
];

describe("Go regexp syntax check", () => {
  it.each(INVALID)("refuses %s", (pattern, message) => {
    expect(goRegexpError(pattern)).toBe(`error parsing regexp: ${message}`);
  });
  it.each(VALID)("accepts %s", (pattern) => {
    expect(goRegexpError(pattern)).toBeNull();
  });
});
