/** The issue's value (#30): a big integer, 1.10, a number beyond float64, duplicate keys; sent as text. */
export const ISSUE_JSON = '{"big": 12345678901234567890, "f": 1.10, "e": 1e400, "dup": 1, "dup": 2}';

/** Texts sent as a json field's value (multipart values, JSON strings), with what each shows. */
export const JSON_TEXTS: [string, string][] = [
  ["the issue's object (big integer, 1.10, 1e400, duplicate keys)", ISSUE_JSON],
  ["whitespace inside, a trailing newline", '{ "a" : [ 1 , 2 ] ,\n "b":{} }\n'],
  ["a leading space (not JSON: quoted)", " [1]"],
  ["escapes, HTML characters, U+2028, a lone surrogate escape", '{"s":"\\ud800 \\u00e9 <&> \u2028", "\\u0041":-0}'],
  ["a top-level integer too big for int64", "12345678901234567890123"],
  ["a top-level float spelled with a trailing zero", "1.10"],
  ["a top-level float read back in exponent form", "1234567.5"],
  ["a tiny float", "0.0000001"],
  ["-0", "-0"],
  ["a number out of float64 range", "1e400"],
  ["true", "true"],
  ["null as text", "null"],
  ["an empty text", ""],
  ["plain words", "hello world"],
  ["invalid JSON", '{"a":1'],
  ["a non-breaking space (quoted as \\u00a0)", "a\u00a0b"],
];

/** Values of a JSON body's json field (raw JSON), decoded and encoded again by the reference. */
export const JSON_VALUES: [string, string][] = [
  ["nested values (keys sorted, numbers as float64, the last duplicate)", '{"z":{"b":[1.10,-0,1e21,1e-7,12345678901234567890],"a":null},"dup":1,"dup":{"x":2},"10":1,"9":2,"é":1,"😀":2,"\uff01":3}'],
  ["strings Go escapes, a lone surrogate", '["<&>\\u2028\\u0001\\b\\f\\n\\u007f é 😀", "\\ud800x"]'],
  ["a top-level number", "12345678901234567890"],
  ["a top-level string", '"a \\"quoted\\" text"'],
  ["an empty object and array", '[{}, [], {"a":[]}]'],
  ["null", "null"],
  ["a number out of range (the body is refused)", "1e400"],
  ["a string that is not valid JSON once quoted", '"\\u0001\\u0007"'],
];
