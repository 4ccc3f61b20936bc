import type { Collection, CollectionType } from "../../data/collections/types";
import { compareNames } from "../../lib/compareNames";
import { readStringList, storageKeys, writeStorage } from "../../lib/storageKeys";

/** The sidebar list turns compact when more than this many collections match. */
export const SIDEBAR_COMPACT_THRESHOLD = 20;

const TYPE_ORDER: Record<CollectionType, number> = { auth: 0, base: 1, view: 2 };

/** Auth collections first, then base, then view; each group by name. */
export function sortCollections<T extends Pick<Collection, "type" | "name">>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => {
    const t = (TYPE_ORDER[a.type] ?? 9) - (TYPE_ORDER[b.type] ?? 9);
    if (t) return t;
    return compareNames(a.name, b.name);
  });
}

/** Case-insensitive match of the search term against the collection name (and id). */
export function filterCollections<T extends Pick<Collection, "name" | "id">>(list: readonly T[], search: string): T[] {
  const q = search.trim().toLowerCase().replace(/\s+/g, "");
  if (!q) return [...list];
  return list.filter((c) => c.name.toLowerCase().includes(q) || c.id.toLowerCase() === q);
}

export interface SidebarGroups<T> {
  pinned: T[];
  others: T[];
}

/** Splits the (sorted, filtered) list into pinned and other entries, keeping the order. */
export function groupPinned<T extends Pick<Collection, "id">>(list: readonly T[], pinnedIds: readonly string[]): SidebarGroups<T> {
  const set = new Set(pinnedIds);
  return { pinned: list.filter((c) => set.has(c.id)), others: list.filter((c) => !set.has(c.id)) };
}

export function isCompact(matchCount: number): boolean {
  return matchCount > SIDEBAR_COMPACT_THRESHOLD;
}

/** The active collection: the one with the given id, else the first of the sorted list. */
export function resolveActive<T extends Pick<Collection, "id">>(sorted: readonly T[], id: string | null | undefined): T | null {
  if (!sorted.length) return null;
  return (id && sorted.find((c) => c.id === id)) || sorted[0];
}

export function readPinned(): string[] {
  return readStringList(storageKeys.pinnedCollections);
}

export function writePinned(ids: string[]): void {
  writeStorage(storageKeys.pinnedCollections, JSON.stringify(ids));
}

/** Adds the id when missing, removes it when present. */
export function togglePinned(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];
}

/** Drops pinned ids that no longer match a collection (returns the same array when nothing changed). */
export function dropStalePinned(ids: string[], collections: readonly Pick<Collection, "id">[]): string[] {
  const known = new Set(collections.map((c) => c.id));
  const next = ids.filter((id) => known.has(id));
  return next.length === ids.length ? ids : next;
}
