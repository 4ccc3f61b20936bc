import { createHash } from "node:crypto";
import type { CompareOp, Dialect, SortTerm, SqlOperand, SqlPart, ValueKind } from "../types.js";

/**
 * The query builders' part of PostgreSQL's dialect (spread into postgresDialect): filters,
 * sorts and lists answer as they do on SQLite. SQLite compares by storage class and column
 * affinity; here each operand's kind (what the builder knows it holds) picks typed SQL for the
 * common cases (a text column with a text value, a number with a number: index-friendly), and
 * everything else goes through the functions of functions.ts over "SQLite values": jsonb
 * numbers and strings, SQL NULL for null (values read from JSON are already in that form).
 */

const quote = (name: string): string => '"' + name.replace(/"/g, '""') + '"';
const part = (sql: string, ...params: unknown[][]): SqlPart => ({ sql, params: params.flat() });

/** The hidden insertion-order column of record tables (see dialect.ts ROWID_COLUMN). */
const ROWID = quote("_rowid");
const ID = quote("id");
/** The order rows are scanned in (a view's rows as its query gives them). */
const SCAN_ORDER = "ROW_NUMBER() OVER ()";

type Affinity = "text" | "numeric" | "none";
const affinity = (k: ValueKind): Affinity => (k === "text" ? "text" : k === "number" || k === "bool" || k === "json" ? "numeric" : "none");

/** A bound value carries no type: cast it to what its kind says. */
function typed(x: SqlOperand): string {
  if (x.sql !== "?") return x.sql;
  switch (x.kind) {
    case "real":
      return "?::float8";
    case "integer":
      return "?::int8";
    case "null":
      return "?::text";
    default:
      return "?::text";
  }
}

/** The operand as a SQLite value (jsonb number or string, NULL). */
function sv(x: SqlOperand): string {
  const t = typed(x);
  switch (x.kind) {
    case "text":
    case "string":
      return `to_jsonb((${t})::text)`;
    case "number":
      return `cairn_num((${t})::float8)`;
    case "real":
      return `cairn_real((${t})::float8)`;
    case "integer":
      return `to_jsonb((${t})::int8)`;
    case "bool":
      return `to_jsonb((${t})::int)`;
    case "json":
      // SQLite stores a JSON column's text with numeric affinity: '5' is held as the number 5.
      return `cairn_num_aff(to_jsonb((${t})::text))`;
    case "null":
      return t === "NULL" ? "NULL::jsonb" : `to_jsonb((${t})::text)`;
    case "value":
      return `(${t})`;
  }
}

const isText = (k: ValueKind) => k === "text" || k === "string";
const isNumber = (k: ValueKind) => k === "number" || k === "real" || k === "integer";
const NUMERIC_TEXT = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

/** A bound text that SQLite's numeric affinity turns into a number. */
function numericLiteral(x: SqlOperand): number | undefined {
  if (x.sql !== "?" || x.kind !== "string" || typeof x.params[0] !== "string") return undefined;
  const s = x.params[0];
  return NUMERIC_TEXT.test(s) ? Number(s) : undefined;
}

function typedCompare(op: CompareOp, l: string, r: string, collate: boolean): string {
  const c = collate && op !== "=" && op !== "IS" && op !== "IS NOT" ? ' COLLATE "C"' : "";
  if (op === "IS") return `${l} IS NOT DISTINCT FROM ${r}`;
  if (op === "IS NOT") return `${l} IS DISTINCT FROM ${r}`;
  return `${l}${c} ${op} ${r}${c}`;
}

function compare(op: CompareOp, l: SqlOperand, r: SqlOperand): SqlPart {
  const params = [...l.params, ...r.params];
  // Same-type operands compare as they are (text bytewise, as SQLite's BINARY collation).
  if (isText(l.kind) && isText(r.kind)) return part(typedCompare(op, `(${typed(l)})::text`, `(${typed(r)})::text`, true), params);
  if (isNumber(l.kind) && isNumber(r.kind)) return part(typedCompare(op, `(${typed(l)})::float8`, `(${typed(r)})::float8`, false), params);
  // A number column with numeric text: SQLite's affinity makes the text a number.
  if (l.kind === "number" && numericLiteral(r) !== undefined) return part(typedCompare(op, l.sql, "?::float8", false), l.params, [numericLiteral(r)]);
  if (r.kind === "number" && numericLiteral(l) !== undefined) return part(typedCompare(op, "?::float8", r.sql, false), [numericLiteral(l)], r.params);
  if (l.kind === "bool" && isNumber(r.kind)) return part(typedCompare(op, `(${l.sql})::int`, `(${typed(r)})::float8`, false), params);
  if (r.kind === "bool" && isNumber(l.kind)) return part(typedCompare(op, `(${typed(l)})::float8`, `(${r.sql})::int`, false), params);
  // A text column with a value from JSON: text affinity makes the value text (relation ids).
  if (l.kind === "text" && (r.kind === "value" || r.kind === "integer" || r.kind === "real")) {
    return part(typedCompare(op, l.sql, `cairn_text(${sv(r)})`, true), params);
  }
  if (r.kind === "text" && (l.kind === "value" || l.kind === "integer" || l.kind === "real")) {
    return part(typedCompare(op, `cairn_text(${sv(l)})`, r.sql, true), params);
  }
  // Everything else: SQLite values, with SQLite's affinity rules applied first.
  let a = sv(l);
  let b = sv(r);
  const al = affinity(l.kind);
  const ar = affinity(r.kind);
  if (al === "numeric" && ar !== "numeric") b = `cairn_num_aff(${b})`;
  else if (ar === "numeric" && al !== "numeric") a = `cairn_num_aff(${a})`;
  else if (al === "text" && ar === "none") b = `cairn_text_aff(${b})`;
  else if (ar === "text" && al === "none") a = `cairn_text_aff(${a})`;
  if (op === "IS") return part(`cairn_is(${a}, ${b})`, params);
  if (op === "IS NOT") return part(`NOT cairn_is(${a}, ${b})`, params);
  return part(`cairn_cmp(${a}, ${b}) ${op} 0`, params);
}

/** The operand as SQLite reads it as text (LIKE, concatenation). */
function asText(x: SqlOperand): string {
  if (isText(x.kind)) return `(${typed(x)})::text`;
  return `cairn_text(${sv(x)})`;
}

/** The ORDER BY terms of one operand in SQLite's order (NULL, numbers, text bytewise). */
function sortTerm(x: SqlOperand, dir: "ASC" | "DESC"): SqlPart {
  const nulls = dir === "ASC" ? "NULLS FIRST" : "NULLS LAST";
  if (isText(x.kind)) return part(`(${typed(x)})::text COLLATE "C" ${dir} ${nulls}`, x.params);
  if (isNumber(x.kind) || x.kind === "bool") return part(`${typed(x)} ${dir} ${nulls}`, x.params);
  if (x.kind === "null") return part("NULL", []);
  const v = sv(x);
  return part(
    `jsonb_typeof(${v}) ${dir} ${nulls}, cairn_number(${v}) ${dir}, (${v} #>> '{}') COLLATE "C" ${dir}`,
    x.params,
    x.params,
    x.params,
  );
}

/**
 * A JSON path as a bound text-array literal (`$.a[0]` → `{"a","0"}`). Keys were cleaned by the
 * resolvers; a path this cannot read finds nothing (NULL), as an unknown key does.
 */
function pathArray(path: string): string | null {
  const parts: string[] = [];
  const re = /\.(?:"([^"]*)"|([^.[]+))|\[(\d+)\]/gy;
  let rest = 1;
  if (!path.startsWith("$")) return null;
  re.lastIndex = 1;
  for (let m = re.exec(path); m; m = re.exec(path)) {
    rest = re.lastIndex;
    parts.push(m[3] ?? m[1] ?? m[2]);
  }
  if (rest !== path.length) return null;
  return "{" + parts.map((p) => '"' + p.replace(/["\\]/g, (c) => "\\" + c) + '"').join(",") + "}";
}

function jsonRead(fn: string, column: string, path: string): SqlPart {
  const p = pathArray(path);
  return p === null ? part("NULL::jsonb") : part(`${fn}(${column}, ?::text[])`, [p]);
}

/**
 * A sorted list over joins that repeat rows, as SQLite answers SELECT DISTINCT ... ORDER BY:
 * each row once with the sort values of its first joined row (rows as the joins produce them:
 * the table in insertion order, array values in order), then sorted. SELECT DISTINCT cannot
 * order by joined values here: the values are selected as __sN columns, the first joined row
 * kept per row (DISTINCT ON), and the page ordered by those columns.
 */
function distinctSorted(table: string, joins: SqlPart, where: SqlPart, terms: readonly SortTerm[], tieBreak: string): SqlPart {
  const values = terms.map((t, i) => ({ sql: `${t.value.sql} AS __s${i}`, params: t.value.params }));
  const order = terms.map((t, i) => sortTerm({ sql: `__e.__s${i}`, params: [], kind: t.value.kind }, t.direction));
  // A table with a row-order column is read in insertion order; a view (or a table without
  // one) in its own order, numbered before the joins.
  const hasRowid = tieBreak !== "" && tieBreak !== SCAN_ORDER;
  const key = hasRowid ? ROWID : ID;
  const source = hasRowid ? `(SELECT * FROM ${table} ORDER BY ${ROWID}) AS ${table}` : `(SELECT *, ${SCAN_ORDER} AS __vseq FROM ${table}) AS ${table}`;
  // Ties in insertion order; a view's in the order its rows came (its table's, as on SQLite).
  const tail = hasRowid ? [`__e.${ROWID}`] : ["__e.__vseq"];
  return part(
    `SELECT __e.* FROM (SELECT DISTINCT ON (__d.${key}) __d.* FROM (SELECT ${table}.*, ${values.map((v) => v.sql).join(", ")}, ` +
      `ROW_NUMBER() OVER () AS __seq FROM ${source}${joins.sql}${where.sql}) AS __d ` +
      `ORDER BY __d.${key}, __d.__seq) AS __e ORDER BY ${[...order.map((o) => o.sql), ...tail].join(", ")} LIMIT ? OFFSET ?`,
    values.flatMap((v) => v.params),
    joins.params,
    where.params,
  );
}

export type QueryDialect = Pick<
  Dialect,
  | "alias"
  | "eachValue"
  | "valueText"
  | "leftJoinAll"
  | "oneRow"
  | "jsonFieldValue"
  | "jsonKeyValue"
  | "valueCount"
  | "rowid"
  | "orderTies"
  | "viewOrder"
  | "alwaysTrue"
  | "truth"
  | "compare"
  | "isNull"
  | "coalesceEmpty"
  | "like"
  | "sortTerm"
  | "randomOrder"
  | "distinctPage"
  | "distinctCount"
  | "hourOf"
>;

/**
 * Identifiers longer than 63 bytes are cut by PostgreSQL, so two long path aliases could become
 * one: a long alias keeps its start and gets a hash of the whole. Plain names (tables, columns)
 * stay as they are.
 */
function alias(name: string): string {
  if (/^\w+$/.test(name) || Buffer.byteLength(name) <= 63) return quote(name);
  let head = name.slice(0, 40);
  while (Buffer.byteLength(head) > 40) head = head.slice(0, -1);
  return quote(`${head}~${createHash("sha1").update(name).digest("hex").slice(0, 16)}`);
}

export const postgresQueryDialect: QueryDialect = {
  alias,
  eachValue: (x, alias) => part(`cairn_each(${x.sql}) AS ${alias}(value)`, x.params),
  valueText: (expr) => `cairn_text(${expr})`,
  // A LEFT JOIN needs a condition here; functions in FROM see the earlier tables (LATERAL).
  leftJoinAll: (table) => `LEFT JOIN ${table} ON TRUE`,
  oneRow: "(SELECT 1) AS __one",
  jsonFieldValue: (c, path) => jsonRead("cairn_field_value", c, "$" + path),
  jsonKeyValue: (c, path) => jsonRead("cairn_key_value", c, path),
  valueCount: (c) => `cairn_count(${c})`,
  rowid: (alias) => `${alias}.${ROWID}`,
  // Heap order changes with updates: lists end their ORDER BY with the row-order column.
  orderTies: true,
  // Numbered as scanned, before the sort (PostgreSQL's sort does not keep ties in scan order).
  viewOrder: SCAN_ORDER,
  alwaysTrue: "TRUE",
  truth: (value) => (value ? "1" : "0"),
  compare,
  isNull: (x, negate) => part(`${typed(x)} IS ${negate ? "NOT " : ""}NULL`, x.params),
  coalesceEmpty: (x) => ({ sql: `COALESCE(${sv(x)}, '""'::jsonb)`, params: x.params, kind: "value" }),
  like: (x, p, negate, contains) => {
    const pattern = contains ? `('%' || ${asText(p)} || '%')` : asText(p);
    return part(`${negate ? "NOT " : ""}cairn_like(${asText(x)}, ${pattern})`, x.params, p.params);
  },
  sortTerm,
  randomOrder: "random()",
  distinctPage: (table, joins, where, orderBy, terms, tieBreak) => {
    // Unsorted, SQLite reads SELECT DISTINCT through the primary key's index: in id order.
    if (!orderBy.sql) {
      const rows = `FROM ${table}${joins.sql}${where.sql}`;
      return part(`SELECT DISTINCT ON (${table}.${ID} COLLATE "C") ${table}.* ${rows} ORDER BY ${table}.${ID} COLLATE "C" LIMIT ? OFFSET ?`, joins.params, where.params);
    }
    return distinctSorted(table, joins, where, terms, tieBreak);
  },
  // Joined lists are record lists: the id tells rows apart (views have no row-order column).
  distinctCount: (table, joins, where) => part(`SELECT COUNT(DISTINCT ${table}.${ID}) AS total FROM ${table}${joins.sql}${where.sql}`, joins.params, where.params),
  hourOf: (expr) => `(substr((${expr})::text, 1, 13) || ':00:00')`,
};
