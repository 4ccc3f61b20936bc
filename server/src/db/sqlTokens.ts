/**
 * The one quote-aware SQL splitter (index statements, view queries): cuts text at
 * separator characters that sit outside quotes (' " `) and parentheses, where a backslash
 * escapes the next character, as the reference's light SQL readers do.
 */

/** Trims any of `chars` from both ends. */
export function trimChars(s: string, chars: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && chars.includes(s[a])) a++;
  while (b > a && chars.includes(s[b - 1])) b--;
  return s.slice(a, b);
}

export interface SplitOptions {
  /** Separators that are also returned, as tokens of their own (e.g. commas). */
  keep?: (ch: string) => boolean;
}

/**
 * The pieces of `s` between top-level separators (untrimmed, empty ones included) plus
 * the kept separators; null when a quote or parenthesis is left open.
 */
export function splitSqlTopLevel(s: string, isSeparator: (ch: string) => boolean, opts: SplitOptions = {}): string[] | null {
  const out: string[] = [];
  let buf = "";
  let parens = 0;
  let quote = "";
  let prev = "";
  for (const ch of s) {
    if (prev !== "\\") {
      if (ch === "(" && quote === "") parens++;
      else if (ch === ")" && parens > 0 && quote === "") parens--;
      else if (ch === "'" || ch === '"' || ch === "`") {
        if (quote === ch) quote = "";
        else if (quote === "") quote = ch;
      }
    }
    prev = ch;
    if (parens === 0 && quote === "" && isSeparator(ch)) {
      out.push(buf);
      buf = "";
      if (opts.keep?.(ch)) out.push(ch);
      continue;
    }
    buf += ch;
  }
  if (parens > 0 || quote !== "") return null;
  out.push(buf);
  return out;
}
