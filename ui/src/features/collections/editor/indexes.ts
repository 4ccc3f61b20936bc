import { splitTopLevel } from "./sqlText";

/**
 * Index statements: CREATE [UNIQUE] INDEX [IF NOT EXISTS] name ON table (columns) [WHERE ...].
 * Parsed into parts so the editor can toggle columns and the unique flag, and rewrite table and
 * column names when the collection or a field is renamed.
 */
export interface IndexColumn {
  /** Column name (unquoted) or a raw expression. */
  name: string;
  collate: string;
  sort: "" | "ASC" | "DESC";
}

export interface ParsedIndex {
  unique: boolean;
  optional: boolean;
  indexName: string;
  tableName: string;
  columns: IndexColumn[];
  where: string;
}

const HEAD_RE = /^\s*CREATE\s+(UNIQUE\s+)?INDEX\s+(IF\s+NOT\s+EXISTS\s+)?([`"[]?[^\s(`"\]]+[`"\]]?)\s+ON\s+([`"[]?[^\s(`"\]]+[`"\]]?)\s*\(/i;

export function unquoteIdentifier(s: string): string {
  const t = s.trim();
  if (t.length >= 2) {
    const first = t[0];
    const last = t[t.length - 1];
    if ((first === "`" && last === "`") || (first === '"' && last === '"') || (first === "[" && last === "]") || (first === "'" && last === "'")) return t.slice(1, -1);
  }
  return t;
}

function parseColumn(raw: string): IndexColumn {
  let rest = raw.trim();
  let sort: IndexColumn["sort"] = "";
  const sortMatch = /\s+(ASC|DESC)$/i.exec(rest);
  if (sortMatch) {
    sort = sortMatch[1].toUpperCase() as "ASC" | "DESC";
    rest = rest.slice(0, sortMatch.index).trim();
  }
  let collate = "";
  const collateMatch = /\s+COLLATE\s+(\S+)$/i.exec(rest);
  if (collateMatch) {
    collate = unquoteIdentifier(collateMatch[1]);
    rest = rest.slice(0, collateMatch.index).trim();
  }
  return { name: unquoteIdentifier(rest), collate, sort };
}

/** Parses an index statement; unparsable text gives empty parts. */
export function parseIndex(sql: string): ParsedIndex {
  const empty: ParsedIndex = { unique: false, optional: false, indexName: "", tableName: "", columns: [], where: "" };
  const m = HEAD_RE.exec(sql ?? "");
  if (!m) return empty;
  const start = m[0].length;
  let depth = 1;
  let quote = "";
  let end = -1;
  for (let i = start; i < sql.length; i++) {
    const ch = sql[i];
    if (quote) {
      if (ch === quote) quote = "";
      continue;
    }
    if (ch === "'" || ch === '"' || ch === "`") quote = ch;
    else if (ch === "(") depth++;
    else if (ch === ")") {
      depth--;
      if (depth === 0) {
        end = i;
        break;
      }
    }
  }
  if (end < 0) return { ...empty, unique: !!m[1], optional: !!m[2], indexName: unquoteIdentifier(m[3]), tableName: unquoteIdentifier(m[4]) };
  const tail = sql.slice(end + 1).trim();
  const whereMatch = /^WHERE\s+([\s\S]*)$/i.exec(tail);
  return {
    unique: !!m[1],
    optional: !!m[2],
    indexName: unquoteIdentifier(m[3]),
    tableName: unquoteIdentifier(m[4]),
    columns: splitTopLevel(sql.slice(start, end)).filter(Boolean).map(parseColumn),
    where: whereMatch ? whereMatch[1].trim() : "",
  };
}

function columnSql(c: IndexColumn): string {
  const name = /^\w+$/.test(c.name) ? "`" + c.name + "`" : c.name;
  return name + (c.collate ? ` COLLATE ${c.collate}` : "") + (c.sort ? ` ${c.sort}` : "");
}

/** Builds the statement; several columns go one per line (as the server stores them). */
export function buildIndex(idx: ParsedIndex): string {
  const cols = idx.columns.filter((c) => c.name);
  const body = cols.length > 1 ? "\n  " + cols.map(columnSql).join(",\n  ") + "\n" : cols.map(columnSql).join("");
  return (
    `CREATE ${idx.unique ? "UNIQUE " : ""}INDEX ${idx.optional ? "IF NOT EXISTS " : ""}\`${idx.indexName}\` ON \`${idx.tableName}\` (${body})` +
    (idx.where ? ` WHERE ${idx.where}` : "")
  );
}

/** Whether the statement has the index head and at least one column. */
export function hasColumns(sql: string): boolean {
  return parseIndex(sql).columns.some((c) => c.name);
}

/** Rewrites the table name of every index (collection rename). */
export function replaceIndexesTable(indexes: readonly string[], tableName: string): string[] {
  return indexes.map((sql) => {
    const idx = parseIndex(sql);
    if (!idx.indexName || idx.tableName === tableName) return sql;
    return buildIndex({ ...idx, tableName });
  });
}

/** Rewrites column references from one field name to another (field rename). */
export function replaceIndexesColumn(indexes: readonly string[], from: string, to: string): string[] {
  if (!from || from === to) return [...indexes];
  return indexes.map((sql) => {
    const idx = parseIndex(sql);
    if (!idx.columns.some((c) => c.name.toLowerCase() === from.toLowerCase())) return sql;
    return buildIndex({ ...idx, columns: idx.columns.map((c) => (c.name.toLowerCase() === from.toLowerCase() ? { ...c, name: to } : c)) });
  });
}

/** Adds the column when missing, removes it when present. */
export function toggleIndexColumn(sql: string, column: string): string {
  const idx = parseIndex(sql);
  if (!idx.indexName) return sql;
  const has = idx.columns.some((c) => c.name.toLowerCase() === column.toLowerCase());
  const columns = has ? idx.columns.filter((c) => c.name.toLowerCase() !== column.toLowerCase()) : [...idx.columns, { name: column, collate: "", sort: "" as const }];
  return buildIndex({ ...idx, columns });
}

export function setIndexUnique(sql: string, unique: boolean): string {
  const idx = parseIndex(sql);
  if (!idx.indexName) return sql;
  return buildIndex({ ...idx, unique });
}

const RANDOM_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

export function randomString(length: number): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  let s = "";
  for (const b of bytes) s += RANDOM_ALPHABET[b % RANDOM_ALPHABET.length];
  return s;
}

/** A new index name: 'idx_' plus 7 random characters. */
export function randomIndexName(): string {
  return "idx_" + randomString(7);
}

/** A new, empty index statement for the table. */
export function newIndexSql(tableName: string): string {
  return buildIndex({ unique: false, optional: false, indexName: randomIndexName(), tableName, columns: [], where: "" });
}

/** Short label of an index: its column names. */
export function indexLabel(sql: string): string {
  const idx = parseIndex(sql);
  const cols = idx.columns.map((c) => c.name).filter(Boolean);
  return cols.length ? cols.join(", ") : idx.indexName || sql;
}
