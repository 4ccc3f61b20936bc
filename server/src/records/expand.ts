import { isMultipleField, type RelationOptions } from "../fields/index.js";
import { parseIndex } from "../collections/indexes.js";
import type { CollectionModel } from "../collections/model.js";
import type { RecordData } from "./model.js";

/** The most relations an expand path may go through. */
export const MAX_EXPAND_DEPTH = 6;

/** Expand paths as a tree: `post.tags,author` -> {post: {tags: {}}, author: {}}. */
export type ExpandTree = Map<string, ExpandTree>;

/** Parses `expand` (comma separated, dot paths; blank parts are ignored; deeper than 6 is cut). */
export function parseExpand(raw: unknown): ExpandTree {
  const tree: ExpandTree = new Map();
  const v = Array.isArray(raw) ? raw.join(",") : typeof raw === "string" ? raw : "";
  for (const path of v.split(",")) {
    const parts = path.trim().split(".").map((p) => p.trim());
    if (parts.some((p) => p === "")) continue;
    let node = tree;
    for (const p of parts.slice(0, MAX_EXPAND_DEPTH)) {
      if (!node.has(p)) node.set(p, new Map());
      node = node.get(p)!;
    }
  }
  return tree;
}

export interface ExpandDeps {
  findCollection(nameOrId: string): CollectionModel | undefined;
  /** Records of a collection by id (any order). */
  findByIds(c: CollectionModel, ids: string[]): RecordData[];
  /** Records of `c` whose relation field holds `id`. */
  findReferencing(c: CollectionModel, field: string, id: string, multiple: boolean): RecordData[];
  /** Whether the requester may see the record (the collection's view rule; admins always). */
  canView(c: CollectionModel, record: RecordData): boolean;
  /** The record as the requester sees it, with its (non-empty) expand. */
  exportRecord(c: CollectionModel, record: RecordData, expand: Record<string, unknown> | undefined): Record<string, unknown>;
}

const BACK_RE = /^(\w+)_via_(\w+)$/;

/** Whether a field of a collection has a unique index on it alone (a back relation then holds one record). */
function hasUniqueIndex(c: CollectionModel, field: string): boolean {
  return c.indexes.some((sql) => {
    try {
      const idx = parseIndex(sql);
      return idx.unique && idx.columns.length === 1 && idx.columns[0].name.toLowerCase() === field.toLowerCase() && idx.where === "";
    } catch {
      return false;
    }
  });
}

/**
 * The `expand` object of one record: relation fields and `collection_via_field` back
 * relations, recursively. Unknown names, missing records and records the requester may
 * not view are left out; a key with nothing to show is omitted.
 */
export function expandRecord(c: CollectionModel, record: RecordData, tree: ExpandTree, deps: ExpandDeps): Record<string, unknown> | undefined {
  if (tree.size === 0) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, sub] of tree) {
    const field = c.schema.find((f) => f.name === key && f.type === "relation");
    if (field) {
      const target = deps.findCollection((field.options as RelationOptions).collectionId);
      if (!target) continue;
      const raw = record[key];
      const ids = Array.isArray(raw) ? (raw as string[]) : typeof raw === "string" && raw !== "" ? [raw] : [];
      if (ids.length === 0) continue;
      const found = new Map(deps.findByIds(target, ids).map((r) => [String(r.id), r]));
      const shown = ids.map((id) => found.get(id)).filter((r): r is RecordData => !!r && deps.canView(target, r));
      if (shown.length === 0) continue;
      const exported = shown.map((r) => deps.exportRecord(target, r, expandRecord(target, r, sub, deps)));
      out[key] = isMultipleField(field) ? exported : exported[0];
      continue;
    }
    const back = BACK_RE.exec(key);
    if (!back) continue;
    const source = deps.findCollection(back[1]);
    if (!source || source.type === "view") continue;
    const backField = source.schema.find((f) => f.name === back[2] && f.type === "relation" && (f.options as RelationOptions).collectionId === c.id);
    if (!backField) continue;
    const rows = deps.findReferencing(source, backField.name, String(record.id), isMultipleField(backField)).filter((r) => deps.canView(source, r));
    if (rows.length === 0) continue;
    const exported = rows.map((r) => deps.exportRecord(source, r, expandRecord(source, r, sub, deps)));
    out[key] = !isMultipleField(backField) && hasUniqueIndex(source, backField.name) ? exported[0] : exported;
  }
  return Object.keys(out).length ? out : undefined;
}
