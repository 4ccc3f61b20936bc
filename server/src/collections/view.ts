import { collectionsRepo } from "../db/collections.js";
import type { CollectionsSnapshot } from "../db/collectionsCache.js";
import type { ColumnInfo } from "../db/types.js";
import type { Tx } from "../db/types.js";
import { viewQueryColumns } from "../db/viewSchema.js";
import { fieldDef, type SchemaField } from "../fields/index.js";
import { BASE_FIELD_NAMES, isAuth, viewOptions, type CollectionModel } from "../models/collection.js";
import { splitSqlTopLevel, trimChars } from "../db/sqlTokens.js";
import { randomString } from "../tools/random.js";

/**
 * View collections: reading a view query's columns and tables (a light parser, as lenient
 * as the reference's) and inferring the view schema from its source collections. The SQL
 * views themselves are made in db/viewSchema.ts.
 */

export class ViewQueryError extends Error {
  /** The fields read before the failure (the reference keeps them as the form's schema). */
  partial: SchemaField<object>[] = [];
}

interface Identifier {
  original: string;
  alias: string;
}

const JOIN_RE = /[\t\n\f\r ]+(full[\t\n\f\r ]+outer[\t\n\f\r ]+join|left[\t\n\f\r ]+outer[\t\n\f\r ]+join|right[\t\n\f\r ]+outer[\t\n\f\r ]+join|full[\t\n\f\r ]+join|cross[\t\n\f\r ]+join|inner[\t\n\f\r ]+join|outer[\t\n\f\r ]+join|left[\t\n\f\r ]+join|right[\t\n\f\r ]+join|join)[\t\n\f\r ]+?/gi;
const JOIN_MARK = "__pb_join__";
/** Keywords after which the FROM/JOIN text holds no more table names. */
const SKIP_WORDS = new Set(["on", "where", "group", "having", "order", "limit", "offset"]);

const trimIdentifier = (raw: string, extra = "") =>
  raw
    .split(".")
    .map((p) => trimChars(p, "`\"[];" + extra))
    .join(".");

/** Splits on whitespace and commas outside quotes and parentheses; commas become their own tokens. */
function words(s: string): string[] | null {
  const parts = splitSqlTopLevel(s, (ch) => ch === "," || ch === " " || ch === "\n" || ch === "\t", { keep: (ch) => ch === "," });
  return parts && parts.filter((p) => p !== "");
}

function identifierFromParts(parts: string[]): Identifier {
  let id: Identifier;
  if (parts.length === 3) {
    if (parts[1].toLowerCase() !== "as") throw new ViewQueryError(`invalid identifier part - expected "as", got ${parts[1]}`);
    id = { original: parts[0], alias: parts[2] };
  } else if (parts.length === 2) {
    id = { original: parts[0], alias: parts[1] };
  } else if (parts.length === 1) {
    const sub = parts[0].split(".");
    id = { original: parts[0], alias: sub[sub.length - 1] };
  } else {
    throw new ViewQueryError(`invalid identifier parts [${parts.join(" ")}]`);
  }
  return { original: trimIdentifier(id.original), alias: trimIdentifier(id.alias, "'") };
}

/** Groups words into comma separated items and reads each as `expr [[as] alias]`. */
function identifiers(list: string[]): Identifier[] {
  const out: Identifier[] = [];
  let item: string[] = [];
  const flush = () => {
    if (item.length) out.push(identifierFromParts(item));
    item = [];
  };
  for (const w of list) {
    if (w === ",") flush();
    else item.push(w);
  }
  flush();
  return out;
}

/** The selected columns and the FROM/JOIN tables of a view query. */
export function parseViewIdentifiers(query: string): { columns: Identifier[]; tables: Identifier[] } {
  const str = trimChars(query.trim(), ";").replace(JOIN_RE, ` ${JOIN_MARK} `);
  const tokens = words(str);
  if (!tokens) throw new ViewQueryError("unbalanced parenthesis or quoted expression");
  const select: string[] = [];
  const from: string[] = [];
  const join: string[] = [];
  let active: string[] | null = null;
  let mode = "";
  let skip = false;
  for (const token of tokens) {
    const lower = token.toLowerCase();
    if (lower === "select") {
      skip = false;
      mode = "select";
      active = select;
    } else if (lower === "distinct") {
      continue;
    } else if (lower === "from") {
      skip = false;
      mode = "from";
      active = from;
    } else if (lower === JOIN_MARK) {
      skip = false;
      if (mode === "join") join.push(",");
      mode = "join";
      active = join;
    } else if (mode !== "select" && SKIP_WORDS.has(lower)) {
      skip = true;
    } else if (!skip && active) {
      active.push(token);
    }
  }
  return { columns: identifiers(select), tables: [...identifiers(from), ...identifiers(join)] };
}

/** A view field that is not traced to a collection field: plain JSON. */
function defaultViewField(name: string): SchemaField<object> {
  return { system: false, id: "", name, type: "json", required: false, presentable: false, unique: false, options: { maxSize: 1 } };
}

function plainField(name: string, type: "number" | "text" | "email" | "bool" | "date", options?: object): SchemaField<object> {
  return { system: false, id: "", name, type, required: false, presentable: false, unique: false, options: options ?? fieldDef(type).defaults() };
}

/** A view column traced to what it reads: a column of a collection in its FROM/JOIN tables, or nothing. */
interface ColumnSource {
  column: Identifier;
  /** The collection the column reads, when its table is one. */
  collection?: CollectionModel;
  /** The name after the table alias (`priv` in `d.priv`). */
  fieldName: string;
}

/** The collections by exact name (a snapshot of them: `collectionsRepo.snapshot()`). */
type CollectionsByName = Pick<CollectionsSnapshot, "byName">;

/** The columns of a view query, each traced to the collection it reads where the query says. */
function columnSources(collections: CollectionsByName, query: string): ColumnSource[] {
  const { columns, tables } = parseViewIdentifiers(query);
  const byAlias = new Map<string, CollectionModel>();
  for (const t of tables) {
    const c = collections.byName.get(t.original);
    if (c) byAlias.set(t.alias, c);
  }
  const main = tables[0];
  return columns.map((column) => {
    const parts = column.original.split(".");
    const fieldName = parts.length === 2 ? parts[1] : parts[0];
    const collection = parts.length === 2 ? byAlias.get(parts[0]) : main ? byAlias.get(main.alias) : undefined;
    return { column, collection, fieldName };
  });
}

const findField = (c: CollectionModel, name: string) => c.schema.find((f) => f.name.toLowerCase() === name.toLowerCase());

/** Suggested fields per column alias, traced to the source collections where possible. */
function suggestFields(collections: CollectionsByName, query: string): Map<string, SchemaField<object>> {
  const out = new Map<string, SchemaField<object>>();
  for (const { column: col, collection, fieldName } of columnSources(collections, query)) {
    const lower = col.original.toLowerCase();
    if (lower.startsWith("count(") || lower.startsWith("total(")) {
      out.set(col.alias, plainField(col.alias, "number"));
      continue;
    }
    if (!collection) {
      out.set(col.alias, defaultViewField(col.alias));
      continue;
    }
    if (fieldName === "*") throw new ViewQueryError("dynamic column names are not supported");
    const source = findField(collection, fieldName);
    if (source) {
      out.set(col.alias, { ...structuredClone(source), id: "", name: col.alias });
    } else if (fieldName === "id") {
      const options = { ...fieldDef("relation").defaults(), collectionId: collection.id, maxSelect: 1 };
      out.set(col.alias, { system: false, id: "", name: col.alias, type: "relation", required: false, presentable: false, unique: false, options });
    } else if (fieldName === "created" || fieldName === "updated") {
      out.set(col.alias, plainField(col.alias, "date"));
    } else if (fieldName === "username" && isAuth(collection)) {
      out.set(col.alias, plainField(col.alias, "text"));
    } else if (fieldName === "email" && isAuth(collection)) {
      out.set(col.alias, plainField(col.alias, "email"));
    } else if ((fieldName === "verified" || fieldName === "emailVisibility") && isAuth(collection)) {
      out.set(col.alias, plainField(col.alias, "bool"));
    } else {
      out.set(col.alias, defaultViewField(col.alias));
    }
  }
  return out;
}

/** Views of views deeper than this are not followed (SQLite forbids cycles; this bounds the walk). */
const MAX_VIEW_DEPTH = 10;

/**
 * The base or auth collection field a view field reads, following views of views the way
 * the view's schema was inferred; null when the field is not a plain column of one (an
 * expression, an unknown table). Record files served through a view live with this origin.
 */
export function viewFieldOrigin(collections: CollectionsByName, view: CollectionModel, fieldName: string): { collection: CollectionModel; field: SchemaField<object> } | null {
  let current = view;
  let name = fieldName;
  for (let depth = 0; depth <= MAX_VIEW_DEPTH; depth++) {
    let sources: ColumnSource[];
    try {
      sources = columnSources(collections, viewOptions(current).query);
    } catch {
      return null;
    }
    const source = sources.find((s) => s.column.alias === name) ?? sources.find((s) => s.column.alias.toLowerCase() === name.toLowerCase());
    const field = source?.collection && findField(source.collection, source.fieldName);
    if (!source?.collection || !field) return null;
    if (source.collection.type !== "view") return { collection: source.collection, field };
    current = source.collection;
    name = field.name;
  }
  return null;
}

export interface ViewSchema {
  schema: SchemaField<object>[];
  columns: ColumnInfo[];
}

const newFieldId = () => randomString(8, "abcdefghijklmnopqrstuvwxyz0123456789");

/**
 * The schema a view query yields: one field per column except id/created/updated, typed
 * after its source field when the column is traced to a collection. The query must have an
 * `id` column. Fails with the reason (a parse error or the database's error text). Runs in
 * the caller's transaction (the columns are read through a temporary view).
 */
export async function createViewSchema(tx: Tx, query: string): Promise<ViewSchema> {
  const errorText = (err: unknown) => tx.db.dialect.errorText(err);
  const collections = await collectionsRepo.snapshot(tx);
  let suggested: Map<string, SchemaField<object>>;
  try {
    suggested = suggestFields(collections, query);
  } catch (err) {
    if (err instanceof ViewQueryError) throw err;
    throw new ViewQueryError(errorText(err));
  }
  let columns: ColumnInfo[];
  try {
    columns = await viewQueryColumns(tx, query);
  } catch (err) {
    throw new ViewQueryError(errorText(err));
  }
  const schema: SchemaField<object>[] = [];
  let hasId = false;
  for (const col of columns) {
    if (col.name === "id") hasId = true;
    if (BASE_FIELD_NAMES.includes(col.name)) continue;
    const field = suggestedFor(suggested, col.name) ?? defaultViewField(col.name);
    addField(schema, { ...field, id: newFieldId() });
  }
  if (!hasId) {
    const err = new ViewQueryError("missing required id column (you can use `(ROW_NUMBER() OVER()) as id` if you don't have one)");
    err.partial = schema;
    throw err;
  }
  return { schema, columns };
}

/**
 * The suggestion for a column the database named. PostgreSQL folds unquoted aliases to lower
 * case (`AS myTitle` names the column mytitle), so a column without an exact match takes the
 * one alias that matches it ignoring case; SQLite keeps the alias's case and always matches.
 */
function suggestedFor(suggested: Map<string, SchemaField<object>>, column: string): SchemaField<object> | undefined {
  const exact = suggested.get(column);
  if (exact) return { ...exact, name: column };
  const lower = column.toLowerCase();
  const matches = [...suggested].filter(([alias]) => alias.toLowerCase() === lower);
  return matches.length === 1 ? { ...matches[0][1], name: column } : undefined;
}

/** Adds a field, replacing an earlier one with the same id. */
export function addField(schema: SchemaField<object>[], field: SchemaField<object>): void {
  const i = schema.findIndex((f) => f.id === field.id);
  if (i >= 0) schema[i] = field;
  else schema.push(field);
}
