/** Go's strconv text forms the reference writes into json fields: Quote and FormatFloat(v, 'g', -1, 64). */

/** Characters strconv.Quote keeps as they are: Unicode letters, marks, numbers, punctuation, symbols and the ASCII space. */
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;
const SHORT: Record<number, string> = { 7: "\\a", 8: "\\b", 12: "\\f", 10: "\\n", 13: "\\r", 9: "\\t", 11: "\\v" };
/** Whether the text has nothing strconv.Quote escapes (the common case, answered without a loop). */
const PLAIN = /^(?:[^\p{C}\p{Z}"\\]| )*$/u;

/**
 * strconv.Quote: a double-quoted Go string literal. Non-printable characters become `\a`, `\x01`,
 * `\u00a0` or `\U0001f9ff` escapes, some of which JSON does not allow (the reference then
 * refuses the value as invalid JSON). Lone surrogates stand for the U+FFFD Go would have read.
 */
export function goQuote(s: string): string {
  const text = wellFormed(s);
  if (PLAIN.test(text)) return `"${text}"`;
  let out = '"';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (ch === '"' || ch === "\\") out += "\\" + ch;
    else if (PRINTABLE.test(ch)) out += ch;
    else if (SHORT[cp]) out += SHORT[cp];
    else if (cp < 0x20 || cp === 0x7f) out += "\\x" + hex(cp, 2);
    else if (cp < 0x10000) out += "\\u" + hex(cp, 4);
    else out += "\\U" + hex(cp, 8);
  }
  return out + '"';
}

const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The text with each lone surrogate replaced by U+FFFD, as Go decodes one. */
export function wellFormed(s: string): string {
  return s.replace(LONE_SURROGATE, "\ufffd");
}

/**
 * strconv.FormatFloat(v, 'g', -1, 64): the shortest digits, in exponent form (at least two
 * exponent digits) when the exponent is below -4 or at least 6 — 1.2345675e+06, 1e-07, 0.5.
 */
export function goFormatG(v: number): string {
  if (!Number.isFinite(v)) return v > 0 ? "+Inf" : v < 0 ? "-Inf" : "NaN";
  if (v === 0) return Object.is(v, -0) ? "-0" : "0";
  const [mant, expText] = v.toExponential().split("e");
  const exp = Number(expText);
  if (exp >= -4 && exp < 6) return String(v);
  return `${mant}e${exp < 0 ? "-" : "+"}${String(Math.abs(exp)).padStart(2, "0")}`;
}
