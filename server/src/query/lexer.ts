import { queryError } from "./errors.js";

/**
 * Tokenizer of the filter language. Comments (`// ...` to end of line) and
 * whitespace are dropped; everything else becomes a token or a QueryError.
 */
export type TokenType = "identifier" | "text" | "number" | "sign" | "join" | "lparen" | "rparen";

export interface Token {
  type: TokenType;
  /** Identifier name, unquoted/unescaped text, number literal, operator or bracket. */
  value: string;
  /** Offset of the token's first character in the input. */
  pos: number;
}

export const SIGN_OPERATORS = ["=", "!=", ">", ">=", "<", "<=", "~", "!~", "?=", "?!=", "?>", "?>=", "?<", "?<=", "?~", "?!~"] as const;
export type SignOperator = (typeof SIGN_OPERATORS)[number];
const SIGN_SET = new Set<string>(SIGN_OPERATORS);

const SIGN_CHARS = new Set(["=", "!", "<", ">", "~", "?"]);
const JOIN_CHARS = new Set(["&", "|"]);

/** `@`, `#` or `_` may lead; then word chars, `.` and `:`; must end with a word char. */
const IDENTIFIER_RE = /^[@#_]?[\w.:]*\w$/;
/** Optional minus, digits with at most one dot that is not last (`-.5` is allowed, `1.` is not). */
const NUMBER_RE = /^-?\d*\.?\d+$/;

export const isValidIdentifier = (s: string): boolean => IDENTIFIER_RE.test(s);

const isDigit = (c: string) => c >= "0" && c <= "9";
const isLetter = (c: string) => (c >= "a" && c <= "z") || (c >= "A" && c <= "Z");
const isIdentStart = (c: string) => isLetter(c) || c === "_" || c === "@" || c === "#";
const isIdentChar = (c: string) => isLetter(c) || isDigit(c) || c === "_" || c === "@" || c === "#" || c === "." || c === ":";
const isSpace = (c: string) => /\s/u.test(c);

export function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  const n = input.length;
  let i = 0;
  while (i < n) {
    const c = input[i];
    if (isSpace(c)) {
      i++;
      continue;
    }
    const start = i;
    if (c === "/") {
      if (input[i + 1] !== "/") throw queryError("invalid comment");
      const nl = input.indexOf("\n", i);
      i = nl === -1 ? n : nl + 1;
      continue;
    }
    if (c === "(" || c === ")") {
      tokens.push({ type: c === "(" ? "lparen" : "rparen", value: c, pos: start });
      i++;
      continue;
    }
    if (c === "'" || c === '"') {
      // A quote preceded by a backslash does not close the text; other backslashes stay as they are.
      let j = i + 1;
      while (j < n && !(input[j] === c && input[j - 1] !== "\\")) j++;
      if (j >= n) throw queryError(`invalid quoted text ${JSON.stringify(input.slice(start, start + 50))}`);
      const raw = input.slice(i + 1, j);
      tokens.push({ type: "text", value: raw.split("\\" + c).join(c), pos: start });
      i = j + 1;
      continue;
    }
    if (isDigit(c) || c === "-") {
      let j = i + 1;
      while (j < n && (isDigit(input[j]) || input[j] === ".")) j++;
      const raw = input.slice(i, j);
      if (!NUMBER_RE.test(raw)) throw queryError(`invalid number ${JSON.stringify(raw)}`);
      tokens.push({ type: "number", value: raw, pos: start });
      i = j;
      continue;
    }
    if (isIdentStart(c)) {
      let j = i + 1;
      while (j < n && isIdentChar(input[j])) j++;
      const raw = input.slice(i, j);
      if (!isValidIdentifier(raw)) throw queryError(`invalid identifier ${JSON.stringify(raw)}`);
      tokens.push({ type: "identifier", value: raw, pos: start });
      i = j;
      continue;
    }
    if (SIGN_CHARS.has(c)) {
      let j = i + 1;
      while (j < n && SIGN_CHARS.has(input[j])) j++;
      const raw = input.slice(i, j);
      if (!SIGN_SET.has(raw)) throw queryError(`invalid sign operator ${JSON.stringify(raw.slice(0, 20))}`);
      tokens.push({ type: "sign", value: raw, pos: start });
      i = j;
      continue;
    }
    if (JOIN_CHARS.has(c)) {
      let j = i + 1;
      while (j < n && JOIN_CHARS.has(input[j])) j++;
      const raw = input.slice(i, j);
      if (raw !== "&&" && raw !== "||") throw queryError(`invalid join operator ${JSON.stringify(raw.slice(0, 20))}`);
      tokens.push({ type: "join", value: raw, pos: start });
      i = j;
      continue;
    }
    throw queryError(`unexpected character ${JSON.stringify(String.fromCodePoint(input.codePointAt(i) ?? 0))}`);
  }
  return tokens;
}
