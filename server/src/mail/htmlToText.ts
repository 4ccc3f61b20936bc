const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * A readable plain-text version of an HTML mail body, for the text/plain alternative:
 * head, style and script dropped; links written as "label (url)"; block ends and <br>
 * become line breaks; list items get a dash; entities decoded; blank runs collapsed.
 */
export function htmlToText(html: string): string {
  let s = html
    .replace(/<(head|style|script)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<a\b[^>]*?\bhref\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>([\s\S]*?)<\/a\s*>/gi, (_m, _q, d, sq, bare, label: string) => {
      const href = decodeEntities(d ?? sq ?? bare ?? "");
      const text = label.replace(/<[^>]*>/g, "").trim();
      return text && decodeEntities(text) !== href ? `${text} (${href})` : href;
    })
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<li\b[^>]*>/gi, "\n- ")
    .replace(/<\/(p|div|h[1-6]|tr|table|ul|ol|blockquote|pre)\s*>/gi, "\n")
    .replace(/<(p|div|h[1-6]|tr|table|ul|ol|blockquote|pre)\b[^>]*>/gi, "\n")
    .replace(/<[^>]*>/g, "");
  s = decodeEntities(s)
    .split("\n")
    .map((line) => line.replace(/[ \t\r\f\v]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n");
  return s.trim();
}
