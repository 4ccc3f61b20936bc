const WORD = /^\w*$/;

/** Primary collation weight of a word character: "_" < digits < letters, letters without case. */
function primary(c: number): number {
  if (c === 95) return 0; // _
  if (c <= 57) return 1 + c - 48; // 0-9
  return 11 + (c | 0x20) - 97; // a-z, A-Z
}

/**
 * Orders names as `a.localeCompare(b)` does with the default collation, without it for names
 * of word characters only (collection names): the first localeCompare of a page builds an ICU
 * collator (~15 ms), which the collections page paid before its first render. Letters compare
 * without case first, lowercase before uppercase on a tie; other names use localeCompare.
 */
export function compareNames(a: string, b: string): number {
  if (!WORD.test(a) || !WORD.test(b)) return a.localeCompare(b);
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = primary(a.charCodeAt(i)) - primary(b.charCodeAt(i));
    if (d) return d < 0 ? -1 : 1;
  }
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca !== cb) return ca > cb ? -1 : 1; // same letter, other case: lowercase (the larger code) first
  }
  return 0;
}
