import { jsonDeeperThan, MAX_JSON_DEPTH } from "./json.js";

/**
 * Checks JSON text the way Go's json.Valid does (one value, RFC 8259 grammar, at most
 * MAX_JSON_DEPTH levels) and returns it the way Go's encoder writes a raw JSON value:
 * whitespace between tokens dropped, `<`, `>`, `&`, U+2028 and U+2029 escaped, all else
 * (number spelling, key order, duplicate keys, other escapes) kept. Null when invalid.
 * Text already compact comes back as the same string.
 */
export function compactJson(text: string): string | null {
  // Most stored texts are compact already (Go and Cairn write them so): V8's parser checks them fastest.
  if (COMPACT.test(text)) return isValid(text) ? text : null;
  return compactScan(text);
}

/** Text without whitespace outside strings and without characters to escape (syntax unchecked). */
const COMPACT = /^(?:[^"\s<>&\u2028\u2029]+|"[^"\\<>&\u2028\u2029]*(?:\\.[^"\\<>&\u2028\u2029]*)*")*$/;

function isValid(text: string): boolean {
  try {
    JSON.parse(text);
  } catch {
    return false;
  }
  return !jsonDeeperThan(text);
}

/** The output of compactScan: the input with some ranges replaced, built only when one is. */
class Edits {
  private parts: string[] | null = null;
  private from = 0;
  constructor(private readonly text: string) {}

  /** Replaces text[start, end) by `insert`. */
  replace(start: number, end: number, insert: string): void {
    (this.parts ??= []).push(this.text.slice(this.from, start), insert);
    this.from = end;
  }

  /** Drops the whitespace at `i`; returns where it ends. */
  dropSpace(i: number): number {
    if (i >= this.text.length || !isSpace(this.text.charCodeAt(i))) return i;
    SPACE.lastIndex = i;
    SPACE.test(this.text);
    this.replace(i, SPACE.lastIndex, "");
    return SPACE.lastIndex;
  }

  result(): string {
    return this.parts ? this.parts.join("") + this.text.slice(this.from) : this.text;
  }
}

/** compactJson for text with whitespace or characters to escape: one pass, no recursion. */
function compactScan(text: string): string | null {
  const n = text.length;
  const out = new Edits(text);
  /** Open containers: 1 = object, 2 = array. */
  const stack: number[] = [];
  let i = 0;
  /** Set after `{` or `,` in an object: a key and its colon come next. */
  let wantKey = false;
  for (;;) {
    // Whitespace before a token is dropped.
    i = out.dropSpace(i);
    if (wantKey) {
      // A key, a colon, and whitespace around it.
      wantKey = false;
      KEY.lastIndex = i;
      const m = KEY.exec(text);
      if (!m) return null;
      const end = i + m[0].length;
      if (m[0].length !== m[1].length + 1 || HTML.test(m[1])) out.replace(i, end, escapeHtml(m[1]) + ":");
      i = end;
      continue;
    }
    const c = text.charCodeAt(i);
    if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (stack.length >= MAX_JSON_DEPTH) return null;
      i++;
      // An empty container closes at once (after optional whitespace).
      let j = i;
      while (j < n && isSpace(text.charCodeAt(j))) j++;
      if (text.charCodeAt(j) !== (c === 0x7b ? 0x7d : 0x5d)) {
        stack.push(c === 0x7b ? 1 : 2);
        wantKey = c === 0x7b;
        continue;
      }
      i = out.dropSpace(i) + 1;
    } else if (c === 0x22 /* " */) {
      STRING.lastIndex = i;
      const m = STRING.exec(text);
      if (!m) return null;
      if (HTML.test(m[0])) out.replace(i, i + m[0].length, escapeHtml(m[0]));
      i += m[0].length;
    } else {
      LITERAL.lastIndex = i;
      if (!LITERAL.test(text)) return null;
      i = LITERAL.lastIndex;
    }
    // After a value: separators and closing brackets, then the next value or the end.
    for (;;) {
      i = out.dropSpace(i);
      if (stack.length === 0) return i === n ? out.result() : null;
      const d = text.charCodeAt(i);
      const top = stack[stack.length - 1];
      if (d === 0x2c /* , */) {
        i++;
        wantKey = top === 1;
        break;
      }
      if (d !== (top === 1 ? 0x7d : 0x5d)) return null;
      i++;
      stack.pop();
    }
  }
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const SPACE = /[ \t\n\r]+/y;
/** A string: runs of plain characters between escapes (few backtracking entries on long strings). */
const STRING = /"[^"\\\u0000-\u001f]*(?:\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})[^"\\\u0000-\u001f]*)*"/y;
/** A key, its colon and the whitespace around the colon; group 1 is the key. */
const KEY = new RegExp(`(${STRING.source})[ \\t\\n\\r]*:[ \\t\\n\\r]*`, "y");
const LITERAL = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;
const HTML = /[<>&\u2028\u2029]/;
const HTML_ALL = /[<>&\u2028\u2029]/g;
const escapeHtml = (s: string) => s.replace(HTML_ALL, (ch) => "\\u" + ch.charCodeAt(0).toString(16).padStart(4, "0"));
