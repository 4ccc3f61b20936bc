/**
 * Syntax check of a regular expression with the rules of Go's RE2 parser (the flavour the
 * reference uses for text `pattern` options), returning its error text or null. Only the
 * parse is reproduced (what is accepted and which error is reported first), not matching.
 */

const POSIX_CLASSES = new Set(["alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph", "lower", "print", "punct", "space", "upper", "word", "xdigit"]);
const CATEGORIES = new Set([
  "C", "Cc", "Cf", "Co", "Cs", "L", "Ll", "Lm", "Lo", "Lt", "Lu", "M", "Mc", "Me", "Mn", "N", "Nd", "Nl", "No",
  "P", "Pc", "Pd", "Pe", "Pf", "Pi", "Po", "Ps", "S", "Sc", "Sk", "Sm", "So", "Z", "Zl", "Zp", "Zs",
]);
const SCRIPT_NAME = /^[A-Z][a-z]*(?:_[A-Z][a-z]*)*$/;

function isUnicodeTable(name: string): boolean {
  if (name === "Any" || CATEGORIES.has(name)) return true;
  if (!SCRIPT_NAME.test(name)) return false;
  try {
    new RegExp(`\\p{Script=${name}}`, "u");
    return true;
  } catch {
    return false;
  }
}

class ReError extends Error {
  constructor(code: string, expr: string) {
    super(`error parsing regexp: ${code}: \`${expr}\``);
  }
}

const E = {
  charRange: "invalid character class range",
  escape: "invalid escape sequence",
  namedCapture: "invalid named capture",
  perlOp: "invalid or unsupported Perl syntax",
  repeatOp: "invalid nested repetition operator",
  repeatSize: "invalid repeat count",
  missingBracket: "missing closing ]",
  missingParen: "missing closing )",
  missingRepeatArg: "missing argument to repetition operator",
  trailingBackslash: "trailing backslash at end of expression",
  unexpectedParen: "unexpected )",
  nestingDepth: "expression nests too deeply",
};

type Node = { kind: "lparen" } | { kind: "bar" } | { kind: "expr"; prod: number };

const MAX_REPEAT = 1000;
const MAX_DEPTH = 1000;

const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";
const isAlnum = (c: string) => /^[0-9A-Za-z]$/.test(c);
const unhex = (c: string | undefined) => (c !== undefined && /^[0-9a-fA-F]$/.test(c) ? parseInt(c, 16) : -1);

/** Returns Go's error message (e.g. "error parsing regexp: missing closing ): `(`") or null when valid. */
export function goRegexpError(pattern: string): string | null {
  try {
    parse(pattern);
    return null;
  } catch (err) {
    if (err instanceof ReError) return err.message;
    throw err;
  }
}

function parse(whole: string): void {
  const stack: Node[] = [];
  let depth = 0;
  let t = whole;
  let lastRepeat = "";
  let repeat = "";

  const push = (prod = 1) => stack.push({ kind: "expr", prod });
  const top = () => stack[stack.length - 1];

  // Collapses the expressions above the last pseudo node into one.
  const collapse = () => {
    let prod = 1;
    let any = false;
    while (stack.length && top().kind === "expr") {
      prod = Math.max(prod, (stack.pop() as { prod: number }).prod);
      any = true;
    }
    if (any) push(prod);
    return prod;
  };

  const doRepeat = (min: number, max: number, isCount: boolean, before: string, after: string): string => {
    if (after.startsWith("?")) after = after.slice(1);
    const text = before.slice(0, before.length - after.length);
    if (lastRepeat !== "") throw new ReError(E.repeatOp, lastRepeat.slice(0, lastRepeat.length - after.length));
    const sub = top();
    if (!sub || sub.kind !== "expr") throw new ReError(E.missingRepeatArg, text);
    if (isCount) {
      const m = max === 0 ? 0 : max < 0 ? min : max;
      sub.prod = m === 0 ? 0 : m * sub.prod;
      if ((min >= 2 || max >= 2) && sub.prod > MAX_REPEAT) throw new ReError(E.repeatSize, text);
    }
    return after;
  };

  while (t !== "") {
    lastRepeat = repeat;
    repeat = "";
    const c = t[0];
    switch (c) {
      case "(":
        if (t[1] === "?") {
          t = parsePerlFlags(t, () => {
            if (++depth > MAX_DEPTH) throw new ReError(E.nestingDepth, whole);
            stack.push({ kind: "lparen" });
          });
          break;
        }
        if (++depth > MAX_DEPTH) throw new ReError(E.nestingDepth, whole);
        stack.push({ kind: "lparen" });
        t = t.slice(1);
        break;
      case "|":
        collapse();
        stack.push({ kind: "bar" });
        t = t.slice(1);
        break;
      case ")": {
        // Fold the alternation inside the group, then close it.
        let prod = 1;
        while (stack.length && top().kind !== "lparen") {
          const n = stack.pop()!;
          if (n.kind === "expr") prod = Math.max(prod, n.prod);
        }
        if (!stack.length) throw new ReError(E.unexpectedParen, whole);
        stack.pop();
        depth--;
        push(prod);
        t = t.slice(1);
        break;
      }
      case "^":
      case "$":
      case ".":
        push();
        t = t.slice(1);
        break;
      case "[":
        t = parseClass(t);
        push();
        break;
      case "*":
      case "+":
      case "?": {
        const before = t;
        t = doRepeat(0, 0, false, before, t.slice(1));
        repeat = before;
        break;
      }
      case "{": {
        const before = t;
        const r = parseRepeat(t);
        if (!r) {
          push();
          t = t.slice(1);
          break;
        }
        const { min, max, rest } = r;
        if (min < 0 || min > MAX_REPEAT || max > MAX_REPEAT || (max >= 0 && min > max)) {
          throw new ReError(E.repeatSize, before.slice(0, before.length - rest.length));
        }
        t = doRepeat(min, max, true, before, rest);
        repeat = before;
        break;
      }
      case "\\": {
        const n = t[1];
        if (n === "A" || n === "b" || n === "B" || n === "z") {
          push();
          t = t.slice(2);
          break;
        }
        if (n === "C") throw new ReError(E.escape, t.slice(0, 2));
        if (n === "Q") {
          const end = t.indexOf("\\E", 2);
          const lit = end === -1 ? t.slice(2) : t.slice(2, end);
          for (let i = 0; i < lit.length; i++) push();
          t = end === -1 ? "" : t.slice(end + 2);
          break;
        }
        const u = parseUnicodeClass(t);
        if (u !== null) {
          push();
          t = u;
          break;
        }
        const p = parsePerlClassEscape(t);
        if (p !== null) {
          push();
          t = p;
          break;
        }
        t = parseEscape(t);
        push();
        break;
      }
      default: {
        const cp = t.codePointAt(0)!;
        push();
        t = t.slice(cp > 0xffff ? 2 : 1);
      }
    }
  }
  // Final alternation: any open group left is a missing ")".
  collapse();
  while (stack.length) {
    const n = stack.pop()!;
    if (n.kind === "lparen") throw new ReError(E.missingParen, whole);
  }
}

function parsePerlFlags(s: string, openGroup: () => void): string {
  // Named captures: (?P<name>re) and (?<name>re).
  if ((s.length > 4 && s[2] === "P" && s[3] === "<") || (s.length > 3 && s[2] === "<")) {
    const begin = s[2] === "P" ? 4 : 3;
    const end = s.indexOf(">");
    if (end < 0) throw new ReError(E.namedCapture, s);
    const capture = s.slice(0, end + 1);
    const name = s.slice(begin, end);
    if (!isValidCaptureName(name)) throw new ReError(E.namedCapture, capture);
    openGroup();
    return s.slice(end + 1);
  }
  let t = s.slice(2);
  let negated = false;
  let sawFlag = false;
  while (t !== "") {
    const c = String.fromCodePoint(t.codePointAt(0)!);
    t = t.slice(c.length);
    if (c === "i" || c === "m" || c === "s" || c === "U") {
      sawFlag = true;
      continue;
    }
    if (c === "-") {
      if (negated) break;
      negated = true;
      sawFlag = false;
      continue;
    }
    if (c === ":" || c === ")") {
      if (negated && !sawFlag) break;
      if (c === ":") openGroup();
      return t;
    }
    break;
  }
  throw new ReError(E.perlOp, s.slice(0, s.length - t.length));
}

function isValidCaptureName(name: string): boolean {
  if (name === "") return false;
  for (const ch of name) if (ch !== "_" && !/^[\p{L}\p{Nd}]$/u.test(ch)) return false;
  return true;
}

/** `{n}`, `{n,}`, `{n,m}`; null when the text is not a repeat (then `{` is a literal). */
function parseRepeat(s: string): { min: number; max: number; rest: string } | null {
  let t = s.slice(1);
  const a = parseInt10(t);
  if (!a) return null;
  let min = a.n;
  let max: number;
  t = a.rest;
  if (t === "") return null;
  if (t[0] !== ",") max = min;
  else {
    t = t.slice(1);
    if (t === "") return null;
    if (t[0] === "}") max = -1;
    else {
      const b = parseInt10(t);
      if (!b) return null;
      max = b.n;
      t = b.rest;
      if (max < 0) min = -1;
    }
  }
  if (t === "" || t[0] !== "}") return null;
  return { min, max, rest: t.slice(1) };
}

function parseInt10(s: string): { n: number; rest: string } | null {
  if (!isDigit(s[0])) return null;
  if (s.length >= 2 && s[0] === "0" && isDigit(s[1])) return null;
  let i = 0;
  while (isDigit(s[i])) i++;
  let n = 0;
  for (let j = 0; j < i; j++) {
    if (n >= 1e8) {
      n = -1;
      break;
    }
    n = n * 10 + Number(s[j]);
  }
  return { n, rest: s.slice(i) };
}

/** `\pL`, `\p{Greek}`, `\P{^Lu}`: the rest after it, null when `s` is not one, or an error. */
function parseUnicodeClass(s: string): string | null {
  if (s.length < 2 || s[0] !== "\\" || (s[1] !== "p" && s[1] !== "P")) return null;
  let t = s.slice(2);
  let seq: string;
  let name: string;
  if (t[0] !== "{") {
    const ch = t === "" ? "" : String.fromCodePoint(t.codePointAt(0)!);
    t = t.slice(ch.length);
    seq = s.slice(0, s.length - t.length);
    name = seq.slice(2);
  } else {
    const end = s.indexOf("}");
    if (end < 0) throw new ReError(E.charRange, s);
    seq = s.slice(0, end + 1);
    t = s.slice(end + 1);
    name = s.slice(3, end);
  }
  if (name.startsWith("^")) name = name.slice(1);
  if (!isUnicodeTable(name)) throw new ReError(E.charRange, seq);
  return t;
}

function parsePerlClassEscape(s: string): string | null {
  if (s.length < 2 || s[0] !== "\\" || !"dDsSwW".includes(s[1])) return null;
  return s.slice(2);
}

/** One escaped character; returns the rest or throws. */
function parseEscape(s: string): string {
  let t = s.slice(1);
  if (t === "") throw new ReError(E.trailingBackslash, "");
  const c = String.fromCodePoint(t.codePointAt(0)!);
  t = t.slice(c.length);
  const fail = () => new ReError(E.escape, s.slice(0, s.length - t.length));
  if (c.length === 1 && c.charCodeAt(0) < 0x80 && !isAlnum(c)) return t;
  if (c >= "1" && c <= "7" && !(t[0] >= "0" && t[0] <= "7")) throw fail();
  if (c >= "0" && c <= "7") {
    for (let i = 1; i < 3 && t[0] >= "0" && t[0] <= "7"; i++) t = t.slice(1);
    return t;
  }
  if (c === "x") {
    if (t === "") throw fail();
    const d = t[0];
    t = t.slice(1);
    if (d === "{") {
      let nhex = 0;
      let r = 0;
      for (;;) {
        if (t === "") throw fail();
        const h = t[0];
        t = t.slice(1);
        if (h === "}") break;
        const v = unhex(h);
        if (v < 0) throw fail();
        r = r * 16 + v;
        if (r > 0x10ffff) throw fail();
        nhex++;
      }
      if (nhex === 0) throw fail();
      return t;
    }
    const x = unhex(d);
    const y = unhex(t[0]);
    t = t.slice(t === "" ? 0 : 1);
    if (x < 0 || y < 0) throw fail();
    return t;
  }
  if ("afnrtv".includes(c)) return t;
  throw fail();
}

/** A bracket expression `[...]`; returns the rest after `]`. */
function parseClass(s: string): string {
  let t = s.slice(1);
  if (t[0] === "^") t = t.slice(1);
  let first = true;
  while (t === "" || t[0] !== "]" || first) {
    first = false;
    if (t.length > 2 && t[0] === "[" && t[1] === ":") {
      const i = t.indexOf(":]", 2);
      if (i >= 0) {
        const name = t.slice(0, i + 2);
        const inner = name.slice(2, -2);
        if (!POSIX_CLASSES.has(inner.startsWith("^") ? inner.slice(1) : inner)) throw new ReError(E.charRange, name);
        t = t.slice(i + 2);
        continue;
      }
    }
    const u = parseUnicodeClass(t);
    if (u !== null) {
      t = u;
      continue;
    }
    const p = parsePerlClassEscape(t);
    if (p !== null) {
      t = p;
      continue;
    }
    const rng = t;
    let lo: number;
    [lo, t] = parseClassChar(t, s);
    let hi = lo;
    if (t.length >= 2 && t[0] === "-" && t[1] !== "]") {
      t = t.slice(1);
      [hi, t] = parseClassChar(t, s);
      if (hi < lo) throw new ReError(E.charRange, rng.slice(0, rng.length - t.length));
    }
  }
  return t.slice(1);
}

function parseClassChar(s: string, wholeClass: string): [number, string] {
  if (s === "") throw new ReError(E.missingBracket, wholeClass);
  if (s[0] === "\\") {
    const rest = parseEscape(s);
    return [escapedValue(s.slice(1, s.length - rest.length)), rest];
  }
  const cp = s.codePointAt(0)!;
  return [cp, s.slice(cp > 0xffff ? 2 : 1)];
}

/** The code point an escape body (after the backslash) stands for. */
function escapedValue(body: string): number {
  const c = body[0];
  if (c >= "0" && c <= "7") return parseInt(body, 8);
  if (c === "x") return parseInt(body[1] === "{" ? body.slice(2, -1) : body.slice(1), 16);
  const simple: Record<string, number> = { a: 7, f: 12, n: 10, r: 13, t: 9, v: 11 };
  if (c in simple) return simple[c];
  return body.codePointAt(0)!;
}
