import type { Collection, SchemaField } from "../../data/collections/types";
import { viewSelects } from "../collections/editor/viewQuery";
import { normalizeSearchFilter } from "../logs/logFilter";
import { isAuthCollection, isViewCollection } from "./recordModel";
import { parseStringList } from "../../lib/storageKeys";

/** Records list constants of the spec. */
export const RECORDS_PER_PAGE = 40;
export const RECORDS_ROW_CHUNK = 20;
export const CELL_MAX_RELATIONS = 20;
export const CELL_MAX_FILES = 10;
export const CELL_TEXT_MAX = 500;
export const CELL_EDITOR_MAX = 195;
export const EXCERPT_LENGTH = 200;

export interface RecordColumn {
  /** "@id", "@username", "@email", "@created", "@updated" or a schema field name. */
  id: string;
  label: string;
  /** The sort key (field name) used by header clicks. */
  sortKey: string;
  field?: SchemaField;
}

/** Columns of the table in the spec's order (view collections show created/updated only if present). */
export function recordColumns(c: Collection): RecordColumn[] {
  const cols: RecordColumn[] = [{ id: "@id", label: "id", sortKey: "id" }];
  if (isAuthCollection(c)) {
    cols.push({ id: "@username", label: "username", sortKey: "username" }, { id: "@email", label: "email", sortKey: "email" });
  }
  for (const f of c.schema) cols.push({ id: f.name, label: f.name, sortKey: f.name, field: f });
  const names = new Set(c.schema.map((f) => f.name));
  if (!isViewCollection(c) || names.has("created") || hasViewColumn(c, "created")) cols.push({ id: "@created", label: "created", sortKey: "created" });
  if (!isViewCollection(c) || names.has("updated") || hasViewColumn(c, "updated")) cols.push({ id: "@updated", label: "updated", sortKey: "updated" });
  return cols.filter((col, i) => cols.findIndex((o) => o.sortKey === col.sortKey) === i);
}

/**
 * Each column's width in the records table: at least `min` px, sharing spare room by `grow`.
 * Rows are laid out one by one (not as one HTML table), so widths come from the column's kind,
 * never from the content of other rows: appending rows then lays out only the new ones.
 */
export function columnTrack(col: RecordColumn): { min: number; grow: number } {
  switch (col.field?.type ?? col.id) {
    case "@id":
      return { min: 150, grow: 0 };
    case "@created":
    case "@updated":
    case "date":
      // the date over its time (RecordDate), no wider: the room goes to emails and usernames
      return { min: 136, grow: 0 };
    case "number":
      return { min: 100, grow: 0.5 };
    case "bool":
      return { min: 90, grow: 0 };
    case "editor":
      return { min: 240, grow: 1.5 };
    case "json":
      return { min: 200, grow: 1 };
    case "file":
      // one thumb needs little room; several share a row
      return col.field?.options?.maxSelect === 1 ? { min: 56, grow: 0 } : { min: 180, grow: 1 };
    case "@email":
    case "email":
      // a whole address of usual length (~28 characters at 1440 px), as PocketBase's list shows it
      return { min: 250, grow: 3 };
    case "@username":
      // ~16 characters
      return { min: 150, grow: 1 };
    default:
      // text takes spare room (titles, names) but yields its minimum to emails and usernames
      return { min: 56, grow: 2 };
  }
}

/**
 * The class names of a column's cells: `clips` when a cell clips its content at its edge (with an
 * ellipsis), and the font of code-like values. Every clipping cell is a clip node in Chromium's
 * paint property trees, one per row, so cells whose content always fits their fixed track (ids,
 * dates, bools) or clips itself (a single chip) do not clip. Text-like values are plain text in
 * the cell (RecordCell): the cell clips them.
 */
export function columnCellClass(col: RecordColumn): string {
  switch (col.field?.type ?? col.id) {
    case "@id":
      return "txt-mono";
    case "@created":
    case "@updated":
    case "date":
    case "bool":
      return "";
    case "json":
      return "clips cell-json";
    case "relation":
    case "select":
    case "file":
      // one chip (which clips itself) or one thumb fits; several may not
      return col.field?.options?.maxSelect === 1 ? "" : "clips";
    default:
      return "clips";
  }
}

/** Width of the bulk-select and the actions columns. */
export const SELECT_COLUMN_WIDTH = 44;
export const ACTIONS_COLUMN_WIDTH = 52;

/** The grid tracks every row of the table shares (one CSS value) and their minimum total width. */
export function tableTracks(visible: RecordColumn[], selectable: boolean): { template: string; minWidth: number } {
  const tracks = visible.map(columnTrack);
  const template = [
    ...(selectable ? [`${SELECT_COLUMN_WIDTH}px`] : []),
    ...tracks.map((t) => (t.grow ? `minmax(${t.min}px, ${t.grow}fr)` : `${t.min}px`)),
    `${ACTIONS_COLUMN_WIDTH}px`,
  ].join(" ");
  const minWidth = (selectable ? SELECT_COLUMN_WIDTH : 0) + tracks.reduce((sum, t) => sum + t.min, 0) + ACTIONS_COLUMN_WIDTH;
  return { template, minWidth };
}

/** Whether a view's records have that column (views list their own created/updated, if any). */
function hasViewColumn(c: Collection, name: string): boolean {
  return viewSelects(String(c.options?.query ?? ""), name);
}

/** Every identifier a sort or search may use. */
export function collectionIdentifiers(c: Collection): string[] {
  return recordColumns(c).map((col) => col.sortKey);
}

/** A sort naming unknown fields falls back to -created, or to none when created is not available. */
export function resolveSort(sort: string, c: Collection): string {
  const known = new Set(collectionIdentifiers(c));
  const parts = sort.split(",").map((s) => s.trim()).filter(Boolean);
  const valid = parts.length > 0 && parts.every((p) => known.has(p.replace(/^[-+]/, "")));
  if (valid) return parts.join(",");
  return known.has("created") ? "-created" : "";
}

/** The list's sort: the address's sort (checked as above), else -created, except for views (no sort). */
export function listSort(explicit: string, c: Collection): string {
  if (!explicit.trim()) return isViewCollection(c) ? "" : resolveSort("-created", c);
  return resolveSort(explicit, c);
}

/** Header click: ascending first, then descending; another column starts ascending. */
export function nextSort(current: string, key: string): string {
  if (current === key || current === "+" + key) return "-" + key;
  return key;
}

export function sortState(current: string, key: string): "ascending" | "descending" | "none" {
  if (current === key || current === "+" + key) return "ascending";
  if (current === "-" + key) return "descending";
  return "none";
}

/** Plain text becomes a contains-match over the collection's identifiers; a filter passes as written. */
export function recordsSearchFilter(text: string, c: Collection): string {
  return normalizeSearchFilter(text, collectionIdentifiers(c));
}

/** Autocomplete keys of the search box. */
export function recordsFilterKeys(c: Collection): string[] {
  const keys = collectionIdentifiers(c);
  for (const f of c.schema) if (f.type === "relation") keys.push(`${f.name}.id`);
  return keys;
}

/** The list call's `fields`: everything, with editor fields and the expanded relations' texts as excerpts. */
export function listFields(c: Collection, excerpt = EXCERPT_LENGTH): string {
  const editors = c.schema.filter((f) => f.type === "editor").map((f) => `${f.name}:excerpt(${excerpt})`);
  const expanded = c.schema.filter((f) => f.type === "relation").map((f) => `expand.${f.name}.*:excerpt(${excerpt})`);
  return ["*", ...editors, ...expanded].join(",");
}

/** The list call's `expand`: every relation field. */
export function listExpand(c: Collection): string {
  return c.schema.filter((f) => f.type === "relation").map((f) => f.name).join(",");
}

export const parseHiddenColumns = parseStringList;

export function toggleHidden(hidden: string[], id: string): string[] {
  return hidden.includes(id) ? hidden.filter((h) => h !== id) : [...hidden, id];
}

/** Plain text of an html excerpt. */
export function stripHtml(html: string): string {
  return String(html ?? "").replace(/<[^>]*>/g, " ").replace(/&nbsp;/g, " ").replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/\s+/g, " ").trim();
}

/** The label of a related record: its presentable fields (up to 5 values each), else its id. */
export function relationLabel(record: Record<string, unknown>, related?: Collection): string {
  const fields = related?.schema.filter((f) => f.presentable).map((f) => f.name) ?? [];
  if (related && isAuthCollection(related) && !fields.length) {
    const u = record.username || record.email;
    if (u) return String(u);
  }
  const parts: string[] = [];
  for (const name of fields) {
    const v = record[name];
    const list = Array.isArray(v) ? v.slice(0, 5) : [v];
    for (const item of list) if (item !== null && item !== undefined && item !== "") parts.push(typeof item === "object" ? JSON.stringify(item) : String(item));
  }
  return parts.length ? parts.join(", ") : String(record.id ?? "");
}
