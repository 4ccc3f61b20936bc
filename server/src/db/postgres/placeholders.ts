/**
 * Statements are written with SQLite's positional `?` parameters; PostgreSQL numbers them
 * (`$1`, `$2`, …). Each `?` outside string literals ('…', E'…', $tag$…$tag$), quoted identifiers
 * ("…") and comments (-- …, nested /* … *\/) becomes the next `$n`. PostgreSQL's jsonb `?`
 * operators are therefore unusable in statement text: write `jsonb_exists(a, b)` and friends.
 */
export function numberPlaceholders(sql: string): string {
  if (!sql.includes("?")) return sql;
  let out = "";
  let n = 0;
  let i = 0;
  let from = 0;
  const len = sql.length;
  while (i < len) {
    const ch = sql[i];
    if (ch === "?") {
      out += sql.slice(from, i) + "$" + ++n;
      from = ++i;
    } else if (ch === "'") {
      // E'…' strings take backslash escapes; ordinary ones only '' (standard_conforming_strings).
      const escapes = i > 0 && (sql[i - 1] === "E" || sql[i - 1] === "e") && !isIdentChar(sql[i - 2]);
      i = skipQuoted(sql, i, "'", escapes);
    } else if (ch === '"') {
      i = skipQuoted(sql, i, '"', false);
    } else if (ch === "-" && sql[i + 1] === "-") {
      const end = sql.indexOf("\n", i);
      i = end < 0 ? len : end + 1;
    } else if (ch === "/" && sql[i + 1] === "*") {
      i = skipBlockComment(sql, i);
    } else if (ch === "$" && !isIdentChar(sql[i - 1])) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i, i + 64))?.[0];
      if (tag) {
        const end = sql.indexOf(tag, i + tag.length);
        i = end < 0 ? len : end + tag.length;
      } else i++;
    } else i++;
  }
  return out + sql.slice(from);
}

const isIdentChar = (ch: string | undefined): boolean => ch !== undefined && /[A-Za-z0-9_$]/.test(ch);

/** The index after the closing quote (a doubled quote stays inside); the end of the text when it never closes. */
function skipQuoted(sql: string, start: number, quote: string, backslashEscapes: boolean): number {
  let i = start + 1;
  while (i < sql.length) {
    const ch = sql[i];
    if (backslashEscapes && ch === "\\") i += 2;
    else if (ch === quote) {
      if (sql[i + 1] === quote) i += 2;
      else return i + 1;
    } else i++;
  }
  return sql.length;
}

/** PostgreSQL's block comments nest. */
function skipBlockComment(sql: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < sql.length) {
    if (sql[i] === "/" && sql[i + 1] === "*") {
      depth++;
      i += 2;
    } else if (sql[i] === "*" && sql[i + 1] === "/") {
      depth--;
      i += 2;
      if (depth === 0) return i;
    } else i++;
  }
  return sql.length;
}
