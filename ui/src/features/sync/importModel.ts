/**
 * Import of a collections configuration: parsing, merge with the existing collections, the
 * detected changes, the "original ids" replacement and the side-by-side diff rows.
 * Pure functions; the page and the popup only render what these return.
 */
import { stripTimestamps } from "./exportModel";

export const INVALID_IMPORT_MESSAGE = "Invalid collections configuration.";
export const UNREADABLE_IMPORT_MESSAGE = "Failed to load the imported JSON.";
export const IMPORT_SUCCESS_MESSAGE = "Successfully imported collections configuration.";
export const DELETE_CONFIRM_PREFIX = "Do you really want to delete the following collection fields and their related records data:";

export interface ImportField {
  id: string;
  name: string;
  options?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface ImportCollection {
  id: string;
  name: string;
  schema: ImportField[];
  [key: string]: unknown;
}

type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);

/** Keeps one item per id (the last one wins, at the place the id first appeared). */
export function dedupeById<T extends { id?: unknown }>(items: T[]): T[] {
  const byId = new Map<unknown, T>();
  for (const item of items) byId.set(item?.id, item);
  return [...byId.values()];
}

/** A collection as it takes part in an import: no timestamps, a schema array without duplicate field ids. */
export function normalizeCollection(raw: Obj): ImportCollection {
  const c = stripTimestamps(structuredClone(raw)) as Obj;
  const schema = Array.isArray(c.schema) ? (c.schema as ImportField[]) : [];
  return { ...c, schema: dedupeById(schema) } as ImportCollection;
}

export interface ParsedImport {
  /** The text is a non-empty JSON array whose every item has an id and a name. */
  valid: boolean;
  collections: ImportCollection[];
}

export function parseImport(text: string): ParsedImport {
  const invalid: ParsedImport = { valid: false, collections: [] };
  if (!text.trim()) return invalid;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return invalid;
  }
  if (!Array.isArray(data) || data.length === 0) return invalid;
  if (!data.every((item) => isObject(item) && !!item.id && typeof item.id === "string" && !!item.name && typeof item.name === "string")) return invalid;
  return { valid: true, collections: dedupeById((data as Obj[]).map(normalizeCollection)) };
}

/**
 * Merge mode: the existing collections with the imported ones laid over them by id (an imported
 * collection keeps the existing fields it does not mention, as the server does without
 * deleteMissing), then the imported collections that are new.
 */
export function mergeWithExisting(existing: Obj[], imported: ImportCollection[]): ImportCollection[] {
  const importedById = new Map(imported.map((c) => [c.id, c]));
  const out: ImportCollection[] = [];
  for (const raw of existing) {
    const old = normalizeCollection(raw);
    const next = importedById.get(old.id);
    if (!next) {
      out.push(old);
      continue;
    }
    const ids = new Set(next.schema.map((f) => f.id));
    out.push({ ...next, schema: [...next.schema, ...old.schema.filter((f) => !ids.has(f.id))] });
    importedById.delete(old.id);
  }
  return [...out, ...importedById.values()];
}

/** The collections sent to PUT /api/collections/import and the deleteMissing flag. */
export function importPayload(existing: Obj[], imported: ImportCollection[], merge: boolean): { collections: ImportCollection[]; deleteMissing: boolean } {
  return merge ? { collections: mergeWithExisting(existing, imported), deleteMissing: false } : { collections: imported, deleteMissing: true };
}

/** Deep equality that ignores the order of object keys (array order counts). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((v, i) => deepEqual(v, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) if (!deepEqual(a[k], b[k])) return false;
    return true;
  }
  return false;
}

export function hasCollectionChanges(old: Obj, next: Obj): boolean {
  return !deepEqual(normalizeCollection(old), normalizeCollection(next));
}

export interface ChangedPair {
  old: ImportCollection;
  new: ImportCollection;
}

export interface ImportChanges {
  deleted: ImportCollection[];
  changed: ChangedPair[];
  added: ImportCollection[];
}

/** What the import would do: deleted (only with deleteMissing), changed and added collections, matched by id. */
export function detectChanges(existing: Obj[], toImport: ImportCollection[], deleteMissing: boolean): ImportChanges {
  const olds = existing.map(normalizeCollection);
  const oldById = new Map(olds.map((c) => [c.id, c]));
  const newIds = new Set(toImport.map((c) => c.id));
  return {
    deleted: deleteMissing ? olds.filter((c) => !newIds.has(c.id)) : [],
    changed: toImport.flatMap((c) => {
      const old = oldById.get(c.id);
      return old && hasCollectionChanges(old, c) ? [{ old, new: c }] : [];
    }),
    added: toImport.filter((c) => !oldById.has(c.id)),
  };
}

export function countChanges(changes: ImportChanges): number {
  return changes.deleted.length + changes.changed.length + changes.added.length;
}

function findExistingMatch(olds: ImportCollection[], c: ImportCollection): ImportCollection | undefined {
  return olds.find((o) => o.name === c.name) ?? olds.find((o) => o.id === c.id);
}

/**
 * Imported collections that match an existing one by name but carry another id, or that have
 * a field named like an existing field but with another id.
 */
export function replaceableCollections(existing: Obj[], imported: ImportCollection[]): ImportCollection[] {
  const olds = existing.map(normalizeCollection);
  return imported.filter((c) => {
    const old = findExistingMatch(olds, c);
    if (!old) return false;
    if (old.id !== c.id) return true;
    return c.schema.some((f) => {
      if (old.schema.some((of) => of.id === f.id)) return false;
      const byName = old.schema.find((of) => of.name === f.name);
      return !!byName && byName.id !== f.id;
    });
  });
}

/**
 * Gives the replaceable imported collections (and their same-named fields) the existing ids,
 * and points relation fields that referenced a replaced id at the original one.
 */
export function replaceWithOriginalIds(existing: Obj[], imported: ImportCollection[]): ImportCollection[] {
  const olds = existing.map(normalizeCollection);
  const out = structuredClone(imported);
  const replaceable = new Set(replaceableCollections(existing, imported).map((c) => c.id));
  const renamed = new Map<string, string>();
  for (const c of out) {
    if (!replaceable.has(c.id)) continue;
    const old = findExistingMatch(olds, c);
    if (!old) continue;
    if (old.id !== c.id) renamed.set(c.id, old.id);
    c.id = old.id;
    for (const f of c.schema) {
      const byName = old.schema.find((of) => of.name === f.name);
      if (byName) f.id = byName.id;
    }
  }
  for (const c of out) {
    for (const f of c.schema) {
      const target = f.options?.collectionId;
      if (typeof target === "string" && renamed.has(target)) f.options = { ...f.options, collectionId: renamed.get(target) };
    }
  }
  return out;
}

/** "name" for deleted collections and "collection.field" for deleted fields of kept collections. */
export function deletedNames(existing: Obj[], toImport: ImportCollection[]): string[] {
  const names: string[] = [];
  const byId = new Map(toImport.map((c) => [c.id, c]));
  for (const old of existing.map(normalizeCollection)) {
    const next = byId.get(old.id);
    if (!next) {
      names.push(old.name);
      continue;
    }
    const ids = new Set(next.schema.map((f) => f.id));
    for (const f of old.schema) if (!ids.has(f.id)) names.push(`${next.name}.${f.name}`);
  }
  return names;
}

export function deleteConfirmText(names: string[]): string {
  return `${DELETE_CONFIRM_PREFIX}\n${names.map((n) => `- ${n}`).join("\n")}`;
}

// ---------- side-by-side diff ----------

export type DiffStatus = "added" | "deleted" | "changed" | "unchanged";

export interface DiffRow {
  prop: string;
  old: unknown;
  new: unknown;
  changed: boolean;
}

export interface FieldDiff {
  id: string;
  name: string;
  status: DiffStatus;
  rows: DiffRow[];
}

export interface CollectionDiff {
  id: string;
  /** The new name, or the old one for a deleted collection. */
  name: string;
  oldName?: string;
  status: DiffStatus;
  props: DiffRow[];
  fields: FieldDiff[];
}

const PROP_ORDER = ["id", "name", "type", "system", "listRule", "viewRule", "createRule", "updateRule", "deleteRule", "indexes"];
const FIELD_PROP_ORDER = ["id", "name", "type", "system", "required", "presentable"];

/** Object properties as rows; `options` is spread one level ("options.x") so each option compares on its own. */
function flatten(obj: Obj | undefined, skip: string[]): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (!obj) return out;
  for (const [k, v] of Object.entries(obj)) {
    if (skip.includes(k)) continue;
    if (k === "options" && isObject(v)) for (const [ok, ov] of Object.entries(v)) out.set(`options.${ok}`, ov);
    else out.set(k, v);
  }
  return out;
}

function orderedKeys(a: Map<string, unknown>, b: Map<string, unknown>, order: string[]): string[] {
  const all = new Set([...a.keys(), ...b.keys()]);
  const first = order.filter((k) => all.has(k));
  const rest = [...all].filter((k) => !order.includes(k)).sort((x, y) => (x.startsWith("options.") === y.startsWith("options.") ? x.localeCompare(y) : x.startsWith("options.") ? 1 : -1));
  return [...first, ...rest];
}

function diffRows(old: Obj | undefined, next: Obj | undefined, skip: string[], order: string[]): DiffRow[] {
  const a = flatten(old, skip);
  const b = flatten(next, skip);
  return orderedKeys(a, b, order).map((prop) => ({ prop, old: a.get(prop), new: b.get(prop), changed: !deepEqual(a.get(prop), b.get(prop)) }));
}

function statusOf(old: unknown, next: unknown, changed: boolean): DiffStatus {
  if (!old) return "added";
  if (!next) return "deleted";
  return changed ? "changed" : "unchanged";
}

export function collectionDiff(old: ImportCollection | undefined, next: ImportCollection | undefined): CollectionDiff {
  const props = diffRows(old, next, ["schema", "created", "updated"], PROP_ORDER);
  const oldFields = old?.schema ?? [];
  const newFields = next?.schema ?? [];
  const newById = new Map(newFields.map((f) => [f.id, f]));
  const oldIds = new Set(oldFields.map((f) => f.id));
  const pairs: [ImportField | undefined, ImportField | undefined][] = [
    ...oldFields.map((f): [ImportField, ImportField | undefined] => [f, newById.get(f.id)]),
    ...newFields.filter((f) => !oldIds.has(f.id)).map((f): [undefined, ImportField] => [undefined, f]),
  ];
  const fields = pairs.map(([o, n]) => {
    const rows = diffRows(o, n, [], FIELD_PROP_ORDER);
    const f = (n ?? o) as ImportField;
    return { id: f.id, name: f.name, status: statusOf(o, n, rows.some((r) => r.changed)), rows };
  });
  const c = (next ?? old) as ImportCollection;
  const changed = props.some((r) => r.changed) || fields.some((f) => f.status !== "unchanged");
  return { id: c.id, name: c.name, oldName: old && next && old.name !== next.name ? old.name : undefined, status: statusOf(old, next, changed), props, fields };
}

/** The popup's tables: deleted, then changed, then added collections. */
export function importDiffs(changes: ImportChanges): CollectionDiff[] {
  return [
    ...changes.deleted.map((c) => collectionDiff(c, undefined)),
    ...changes.changed.map((p) => collectionDiff(p.old, p.new)),
    ...changes.added.map((c) => collectionDiff(undefined, c)),
  ];
}

/** How a value reads in a diff cell (undefined reads as "N/A"). */
export function diffValue(v: unknown): string {
  if (v === undefined) return "N/A";
  if (typeof v === "string") return v === "" ? '""' : v;
  return JSON.stringify(v);
}
