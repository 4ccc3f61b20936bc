import { splitSqlTopLevel, trimChars } from "./sqlTokens.js";
/**
 * `CREATE [UNIQUE] INDEX [IF NOT EXISTS] [schema.]name ON table (columns) [WHERE expr]`
 * statements of a collection's `indexes` list, read and rebuilt the way the reference does:
 * a lenient pattern (not anchored at the end, so trailing text after the column list is
 * dropped), columns split on commas outside quotes and brackets, identifiers unquoted.
 */
export interface IndexColumn {
  /** A column name, or an expression when it contains "(" or a space. */
  name: string;
  collate: string;
  /** "", "ASC" or "DESC". */
  sort: string;
}

export interface IndexDef {
  unique: boolean;
  /** IF NOT EXISTS. */
  optional: boolean;
  schemaName: string;
  indexName: string;
  tableName: string;
  columns: IndexColumn[];
  where: string;
}

// Go's \s is [\t\n\f\r ] only.
const SP = "[\\t\\n\\f\\r ]";
const NSP = "[^\\t\\n\\f\\r ]";
const INDEX_RE = new RegExp(
  `${SP}*(create)${SP}+(unique${SP}+)?${SP}*(index)${SP}*(if${SP}+not${SP}+exists${SP}+)?(${NSP}*)${SP}+on${SP}+(${NSP}*)${SP}*\\(([\\s\\S]*)\\)(?:${SP}*where${SP}+([\\s\\S]*))?`,
  "i",
);
const COLUMN_RE = new RegExp(`^([\\s\\S]+?)(?:${SP}+collate${SP}+(\\w+))?(?:${SP}+(asc|desc))?$`, "i");
const TRIM_CHARS = "`\"'[]\r\n\t\f\v ";
const WHITESPACE = "\t\n\v\f\r ";

/** Thrown for an index statement without a name (the reference answers with a bare bad request). */
export class IndexNameError extends Error {}


/**
 * Splits on `separator` outside quotes (' " `) and parentheses, trimming whitespace and
 * dropping empty parts. Null when a quote or parenthesis is left open.
 */
export function splitTopLevel(s: string, separator: string): string[] | null {
  const parts = splitSqlTopLevel(s, (ch) => ch === separator);
  return parts && parts.map((p) => trimChars(p, WHITESPACE)).filter((p) => p !== "");
}

const EMPTY: IndexDef = { unique: false, optional: false, schemaName: "", indexName: "", tableName: "", columns: [], where: "" };

/** Parses an index statement; an unreadable one gives an invalid (empty) definition. */
export function parseIndex(sql: string): IndexDef {
  const m = INDEX_RE.exec(sql);
  if (!m) return { ...EMPTY, columns: [] };
  const out: IndexDef = { ...EMPTY, columns: [] };
  out.unique = (m[2] ?? "").trim() !== "";
  out.optional = (m[4] ?? "").trim() !== "";
  const nameParts = splitTopLevel(m[5], ".") ?? [];
  if (nameParts.length === 0) throw new IndexNameError("index without a name");
  if (nameParts.length === 2) {
    out.schemaName = trimChars(nameParts[0], TRIM_CHARS);
    out.indexName = trimChars(nameParts[1], TRIM_CHARS);
  } else {
    out.indexName = trimChars(nameParts[0], TRIM_CHARS);
  }
  out.tableName = trimChars(m[6], TRIM_CHARS);
  for (const raw of splitTopLevel(m[7], ",") ?? []) {
    const c = COLUMN_RE.exec(raw);
    if (!c) continue;
    const name = trimChars(c[1], TRIM_CHARS);
    if (name === "") continue;
    out.columns.push({ name, collate: (c[2] ?? "").trim(), sort: (c[3] ?? "").toUpperCase() });
  }
  out.where = (m[8] ?? "").trim();
  return out;
}

export const isValidIndex = (idx: IndexDef) => idx.indexName !== "" && idx.tableName !== "" && idx.columns.length > 0;

/** Rebuilds the statement in the reference's normalized form ("" when invalid). */
export function buildIndex(idx: IndexDef): string {
  if (!isValidIndex(idx)) return "";
  let s = "CREATE ";
  if (idx.unique) s += "UNIQUE ";
  s += "INDEX ";
  if (idx.optional) s += "IF NOT EXISTS ";
  if (idx.schemaName !== "") s += "`" + idx.schemaName + "`.";
  s += "`" + idx.indexName + "` ON `" + idx.tableName + "` (";
  const multi = idx.columns.length > 1;
  if (multi) s += "\n  ";
  s += idx.columns
    .map((c) => {
      const name = c.name.trim();
      let col = name.includes("(") || name.includes(" ") ? name : "`" + name + "`";
      if (c.collate !== "") col += " COLLATE " + c.collate;
      if (c.sort !== "") col += " " + c.sort.toUpperCase();
      return col;
    })
    .join(",\n  ");
  if (multi) s += "\n";
  s += ")";
  if (idx.where !== "") s += " WHERE " + idx.where;
  return s;
}

/** The same index on another table (how the reference applies an index to its collection). */
export const withTable = (idx: IndexDef, tableName: string): IndexDef => ({ ...idx, tableName });
