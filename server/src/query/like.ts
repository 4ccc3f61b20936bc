/**
 * The LIKE pattern for `~` / `!~` with a literal right operand, as the reference
 * builds it (observed on v0.22.20, escape character `\`):
 * - a value holding an unescaped `%` (one not preceded by an odd run of backslashes)
 *   is used as it is, so users can write their own wildcards;
 * - otherwise `\`, `%` and `_` get a backslash and the value is wrapped in `%...%`.
 *   The reference walks the value from its end, and after escaping a character it
 *   leaves that character's left neighbour as it is: a neighbour that is already a
 *   backslash counts as the escape (`\_` stays `\_`), and a special neighbour stays
 *   unescaped (`a__b` becomes `a_\_b`). This is reproduced exactly.
 */
export function likePattern(value: string): string {
  if (hasUnescapedPercent(value)) return value;
  return "%" + escapeLike(value) + "%";
}

const SPECIAL = new Set(["\\", "%", "_"]);

export function hasUnescapedPercent(value: string): boolean {
  let backslashes = 0;
  for (const ch of value) {
    if (ch === "%" && backslashes % 2 === 0) return true;
    backslashes = ch === "\\" ? backslashes + 1 : 0;
  }
  return false;
}

export function escapeLike(value: string): string {
  const out: string[] = [];
  let pending = false; // the character to the right is special and still needs its backslash
  for (let i = value.length - 1; i >= 0; i--) {
    const ch = value[i];
    if (pending) {
      if (ch !== "\\") out.push("\\");
      pending = false;
    } else if (SPECIAL.has(ch)) {
      pending = true;
    }
    out.push(ch);
  }
  if (pending) out.push("\\");
  return out.reverse().join("");
}
