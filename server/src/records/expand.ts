import { isMultipleField, type RelationOptions } from "../fields/index.js";
import { parseIndex } from "../db/indexes.js";
import type { CollectionModel } from "../models/collection.js";
import type { RecordData } from "../models/record.js";

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
  findByIds(c: CollectionModel, ids: string[]): Promise<RecordData[]>;
  /** Records of `c` whose relation field holds `id`. */
  findReferencing(c: CollectionModel, field: string, id: string, multiple: boolean): Promise<RecordData[]>;
  /** Whether the requester may see the record (the collection's view rule; admins always). */
  canView(c: CollectionModel, record: RecordData): Promise<boolean>;
  /** The record as the requester sees it, with its (non-empty) expand. */
  exportRecord(c: CollectionModel, record: RecordData, expand: Record<string, unknown> | undefined): Promise<Record<string, unknown>>;
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

/** The records the requester may view, in their order (checked one after the other). */
async function visible(deps: ExpandDeps, c: CollectionModel, records: RecordData[]): Promise<RecordData[]> {
  const out: RecordData[] = [];
  for (const r of records) if (await deps.canView(c, r)) out.push(r);
  return out;
}

/** The ids a relation value holds (one id, a list, or none). */
function relationIds(raw: unknown): string[] {
  return Array.isArray(raw) ? (raw as string[]) : typeof raw === "string" && raw !== "" ? [raw] : [];
}

/**
 * The `expand` object of one record: relation fields and `collection_via_field` back
 * relations, recursively. Unknown names, missing records and records the requester may
 * not view are left out; a key with nothing to show is omitted.
 */
export async function expandRecord(c: CollectionModel, record: RecordData, tree: ExpandTree, deps: ExpandDeps): Promise<Record<string, unknown> | undefined> {
  return (await expandRecords(c, [record], tree, deps))[0];
}

/**
 * `expandRecord` for a page of records at once: one query per relation field and level
 * (not one per record), and each related record checked, expanded and exported once.
 * Records that share a related record share its exported object.
 */
export async function expandRecords(c: CollectionModel, records: RecordData[], tree: ExpandTree, deps: ExpandDeps): Promise<(Record<string, unknown> | undefined)[]> {
  if (tree.size === 0 || records.length === 0) return records.map(() => undefined);
  const outs = records.map(() => ({}) as Record<string, unknown>);
  for (const [key, sub] of tree) {
    const field = c.schema.find((f) => f.name === key && f.type === "relation");
    if (field) {
      const target = deps.findCollection((field.options as RelationOptions).collectionId);
      if (!target) continue;
      const idsPer = records.map((r) => relationIds(r[key]));
      const wanted = [...new Set(idsPer.flat())];
      if (wanted.length === 0) continue;
      const shown = await visible(deps, target, await deps.findByIds(target, wanted));
      const nested = await expandRecords(target, shown, sub, deps);
      const exported = new Map<string, Record<string, unknown>>();
      for (let j = 0; j < shown.length; j++) exported.set(String(shown[j].id), await deps.exportRecord(target, shown[j], nested[j]));
      const multiple = isMultipleField(field);
      idsPer.forEach((ids, i) => {
        const items = ids.map((id) => exported.get(id)).filter((x) => x !== undefined);
        if (items.length) outs[i]![key] = multiple ? items : items[0];
      });
      continue;
    }
    const back = BACK_RE.exec(key);
    if (!back) continue;
    const source = deps.findCollection(back[1]);
    if (!source || source.type === "view") continue;
    const backField = source.schema.find((f) => f.name === back[2] && f.type === "relation" && (f.options as RelationOptions).collectionId === c.id);
    if (!backField) continue;
    const single = !isMultipleField(backField) && hasUniqueIndex(source, backField.name);
    for (let i = 0; i < records.length; i++) {
      const rows = await visible(deps, source, await deps.findReferencing(source, backField.name, String(records[i].id), isMultipleField(backField)));
      if (rows.length === 0) continue;
      const nested = await expandRecords(source, rows, sub, deps);
      const exported: Record<string, unknown>[] = [];
      for (let j = 0; j < rows.length; j++) exported.push(await deps.exportRecord(source, rows[j], nested[j]));
      outs[i]![key] = single ? exported[0] : exported;
    }
  }
  return outs.map((o) => (Object.keys(o).length ? o : undefined));
}
