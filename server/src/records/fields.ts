import { badRequest } from "../tools/errors.js";
import { goMarshal } from "../tools/goMarshal.js";
import { parseJsonStrict } from "../tools/json.js";
import { RawJson } from "../tools/rawJson.js";

/**
 * The `fields` query parameter: which keys of a record answer to keep (`id,title`,
 * `expand.author.name`, `*`), with the `:excerpt(max, withEllipsis)` modifier on texts.
 */

interface FieldNode {
  children: Map<string, FieldNode>;
  excerpt?: { max: number; ellipsis: boolean };
}

const MODIFIER_RE = /^([^:]*):(\w+)\(([^)]*)\)$/;
const TRUE = new Set(["1", "t", "T", "TRUE", "true", "True"]);
const FALSE = new Set(["0", "f", "F", "FALSE", "false", "False"]);

/** A `fields` value the reference refuses (an unknown modifier or bad excerpt arguments): its generic bad request. */
const badFields = () => badRequest("Something went wrong while processing your request.");

function parseModifier(name: string, args: string): { max: number; ellipsis: boolean } {
  if (name !== "excerpt") throw badFields();
  const parts = args.split(",").map((a) => a.trim());
  if (parts.length < 1 || parts.length > 2 || !/^\d+$/.test(parts[0])) throw badFields();
  let ellipsis = false;
  if (parts.length === 2) {
    if (TRUE.has(parts[1])) ellipsis = true;
    else if (!FALSE.has(parts[1])) throw badFields();
  }
  return { max: Number(parts[0]), ellipsis };
}

/** Parses `fields`; null when it is absent or blank (keep everything). */
export function parseFields(raw: unknown): FieldNode | null {
  const v = Array.isArray(raw) ? raw.join(",") : typeof raw === "string" ? raw : "";
  if (v.trim() === "") return null;
  const root: FieldNode = { children: new Map() };
  for (const part of splitFields(v)) {
    let path = part.trim();
    if (path === "") continue;
    let excerpt: FieldNode["excerpt"];
    const m = MODIFIER_RE.exec(path);
    if (m) {
      path = m[1];
      excerpt = parseModifier(m[2], m[3]);
    }
    let node = root;
    for (const key of path.split(".")) {
      if (!node.children.has(key)) node.children.set(key, { children: new Map() });
      node = node.children.get(key)!;
    }
    if (excerpt) node.excerpt = excerpt;
  }
  return root.children.size ? root : null;
}

/** Splits on commas outside parentheses. */
function splitFields(v: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (const ch of v) {
    if (ch === "(") depth++;
    if (ch === ")") depth = Math.max(0, depth - 1);
    if (ch === "," && depth === 0) {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/** Keeps the selected keys of a record answer (objects and arrays of objects, recursively). */
export function pickFields(value: unknown, node: FieldNode | null): unknown {
  if (!node) return value;
  if (Array.isArray(value)) return value.map((v) => pickFields(v, node));
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  const all = node.children.get("*");
  for (const [k, stored] of Object.entries(value as Record<string, unknown>)) {
    const v = stored instanceof RawJson ? decodeJson(stored) : stored;
    const child = node.children.get(k);
    if (child) out[k] = asStored(stored, applyNode(v, child));
    else if (all) out[k] = asStored(stored, all.excerpt ? excerptValue(v, all.excerpt) : v);
  }
  return out;
}

/**
 * With `fields`, the reference reads its whole answer back as plain JSON before picking: a
 * json value is decoded (numbers as float64, the last of duplicate keys) and encoded again,
 * and one it cannot decode (a number like 1e400) fails the request.
 */
function decodeJson(v: RawJson): unknown {
  if (v.json === null) return v.text;
  try {
    return parseJsonStrict(v.json);
  } catch {
    throw badFields();
  }
}

/** A picked json value encoded again the way Go does (keys sorted); other values as they are. */
function asStored(stored: unknown, picked: unknown): unknown {
  if (!(stored instanceof RawJson)) return picked;
  const text = goMarshal(picked);
  return new RawJson(text, text);
}

function applyNode(v: unknown, node: FieldNode): unknown {
  if (node.excerpt) return excerptValue(v, node.excerpt);
  if (node.children.size === 0) return v;
  return pickFields(v, node);
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };
const BLOCK_TAGS = /<\/?(p|div|br|li|ul|ol|h[1-6]|tr|td|th|table|thead|tbody|tfoot|section|article|header|footer|nav|aside|blockquote|pre|hr|dl|dt|dd|figure|figcaption|main|form|fieldset|address)\b[^>]*>/gi;
const SKIPPED = /<(script|style|noscript|iframe|svg|template)\b[\s\S]*?<\/\1\s*>/gi;

/** Plain text of an HTML snippet: tags dropped, entities decoded, whitespace runs as one space. */
export function htmlText(html: string): string {
  const text = html
    .replace(SKIPPED, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(BLOCK_TAGS, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === "#") {
        const cp = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(cp) && cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
      }
      return NAMED_ENTITIES[e.toLowerCase()] ?? m;
    });
  return text.replace(/\s+/g, " ").trim();
}

function excerptValue(v: unknown, o: { max: number; ellipsis: boolean }): unknown {
  if (typeof v !== "string") return v;
  const text = htmlText(v);
  const runes = [...text];
  if (runes.length <= o.max) return text;
  const cut = runes.slice(0, o.max).join("").trim();
  return o.ellipsis ? cut + "..." : cut;
}
