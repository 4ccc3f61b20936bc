import { describe, expect, it } from "vitest";
import { errorBody } from "../http/errorResponse.js";
import { QueryError } from "./errors.js";
import { tokenize, type Token } from "./lexer.js";

const toks = (s: string) => tokenize(s).map((t: Token) => [t.type, t.value]);

describe("tokenize", () => {
  it.each<[string, [string, string][]]>([
    ["email = 'a'", [["identifier", "email"], ["sign", "="], ["text", "a"]]],
    ['a="b"', [["identifier", "a"], ["sign", "="], ["text", "b"]]],
    ["a!=1&&b>=-2.5||c<=0.5", [["identifier", "a"], ["sign", "!="], ["number", "1"], ["join", "&&"], ["identifier", "b"], ["sign", ">="], ["number", "-2.5"], ["join", "||"], ["identifier", "c"], ["sign", "<="], ["number", "0.5"]]],
    ["a ?!~ b", [["identifier", "a"], ["sign", "?!~"], ["identifier", "b"]]],
    ["(a~b)", [["lparen", "("], ["identifier", "a"], ["sign", "~"], ["identifier", "b"], ["rparen", ")"]]],
    ["@request.auth.id ?= @collection.users:alias.id", [["identifier", "@request.auth.id"], ["sign", "?="], ["identifier", "@collection.users:alias.id"]]],
    ["tags:each = #x", [["identifier", "tags:each"], ["sign", "="], ["identifier", "#x"]]],
    ["a = 1-2", [["identifier", "a"], ["sign", "="], ["number", "1"], ["number", "-2"]]],
    ["a = 1abc", [["identifier", "a"], ["sign", "="], ["number", "1"], ["identifier", "abc"]]],
    ["a = 007", [["identifier", "a"], ["sign", "="], ["number", "007"]]],
    ["a = -.5", [["identifier", "a"], ["sign", "="], ["number", "-.5"]]],
    ["a = 'x' // comment\n&& b = 1 // end", [["identifier", "a"], ["sign", "="], ["text", "x"], ["join", "&&"], ["identifier", "b"], ["sign", "="], ["number", "1"]]],
    ["a='x'//c", [["identifier", "a"], ["sign", "="], ["text", "x"]]],
    ["// only a comment", []],
    ["  \t\r\n ", []],
    ["a\t=\n'b'", [["identifier", "a"], ["sign", "="], ["text", "b"]]],
  ])("%j", (input, expected) => {
    expect(toks(input)).toEqual(expected);
  });

  it.each<[string, string]>([
    ["'it\\'s'", "it's"],
    ['"say \\"hi\\""', 'say "hi"'],
    ["\"a\\'b\"", "a\\'b"], // only the enclosing quote is unescaped
    ["'a\"b'", 'a"b'],
    ["'a\\\\b'", "a\\\\b"], // other backslashes stay as they are
    ["'a\\nb'", "a\\nb"],
    ["'a\\\\\\'b'", "a\\\\'b"],
    ["''", ""],
    ["'%_\\\\'x'", "%_\\'x"],
    ["'ünï ✓'", "ünï ✓"],
  ])("text %s", (input, value) => {
    const t = tokenize(input);
    expect(t).toHaveLength(1);
    expect(t[0]).toMatchObject({ type: "text", value });
  });

  it.each([
    ["'unterminated", /invalid quoted text/],
    ['"a\'', /invalid quoted text/],
    ["'a\\\\'", /invalid quoted text/], // the last quote is escaped
    ["a = 'x' / y", /invalid comment/],
    ["a == 1", /invalid sign operator/],
    ["a <> 1", /invalid sign operator/],
    ["a => 1", /invalid sign operator/],
    ["!a", /invalid sign operator/],
    ["a = 1 & b = 2", /invalid join operator/],
    ["a = 1 ||| b = 2", /invalid join operator/],
    ["a = 1.", /invalid number/],
    ["a = 1.2.3", /invalid number/],
    ["a = -", /invalid number/],
    ["a = --1", /invalid number/],
    ["a = .x", /unexpected character/],
    ["a = .5", /unexpected character/],
    ["a = +1", /unexpected character/],
    ["émail = 1", /unexpected character/],
    ["a = .x", /unexpected character/],
    ["a = .5", /unexpected character/],
    ["a = 1; drop table x", /unexpected character/],
    ["a = `x`", /unexpected character/],
    ["a: = 1", /invalid identifier/],
    ["a. = 1", /invalid identifier/],
    ["a@b = 1", /invalid identifier/],
    ["email#x = 1", /invalid identifier/],
    ["@@a = 1", /invalid identifier/],
    ["@ = 1", /invalid identifier/],
  ])("rejects %j", (input, detail) => {
    let err: unknown;
    try {
      tokenize(input);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(QueryError);
    expect((err as QueryError).kind).toBe("bad_request");
    expect((err as QueryError).detail).toMatch(detail);
    expect(errorBody(err as QueryError)).toEqual({ code: 400, message: "Something went wrong while processing your request.", data: {} });
  });
});
