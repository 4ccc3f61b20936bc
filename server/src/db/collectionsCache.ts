import type { CollectionModel } from "../models/collection.js";
import type { Db, Queryable, Tx } from "./types.js";

/** The decoded collections at one moment, with lookups by id and by name. */
export interface CollectionsSnapshot {
  /** In storage order. */
  all: readonly CollectionModel[];
  byId: ReadonlyMap<string, CollectionModel>;
  /** Exact name. */
  byName: ReadonlyMap<string, CollectionModel>;
  /** Name lowercased as SQLite's LOWER() does (ASCII only); the first in storage order wins. */
  byLowerName: ReadonlyMap<string, CollectionModel>;
}

interface CacheState {
  snapshot: CollectionsSnapshot | null;
  /** `db.changeVersion()` when the snapshot was read. */
  version: number;
  /** Bumped by every invalidation, so a read that raced one is not kept. */
  generation: number;
  /** Transactions that wrote `_collections`: they read their own uncommitted rows. */
  writers: WeakSet<Queryable>;
}

const states = new WeakMap<Db, CacheState>();

function stateOf(db: Db): CacheState {
  let s = states.get(db);
  if (!s) states.set(db, (s = { snapshot: null, version: -1, generation: 0, writers: new WeakSet() }));
  return s;
}

/** SQLite's LOWER() without ICU: A-Z only (so e.g. the Kelvin sign does not match "k"). */
export const sqlLower = (s: string): string => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/**
 * Every record request looks its collection up, and decoding `_collections` rows (JSON schema
 * and options) on each one was a visible share of cheap requests. The decoded rows are kept
 * per database and read again when they may have changed:
 * - a committed write through this process (the repository calls `collectionsWritten`), and
 * - a commit by another program or node, which `db.changeVersion()` reports.
 * A transaction that wrote `_collections` reads its own rows, uncached. The models are frozen:
 * they are shared by every request, and a caller changing one must copy it.
 */
export async function collectionsSnapshot(q: Queryable, read: (q: Queryable) => Promise<CollectionModel[]>): Promise<CollectionsSnapshot> {
  const s = stateOf(q.db);
  if (q.inTransaction && s.writers.has(q)) return buildSnapshot(await read(q));
  const version = await q.db.changeVersion();
  if (s.snapshot && s.version === version) return s.snapshot;
  const generation = s.generation;
  const snapshot = buildSnapshot(await read(q.db));
  if (generation === s.generation) {
    s.snapshot = snapshot;
    s.version = version;
  }
  return snapshot;
}

/** Marks the cached collections stale once `q`'s write of `_collections` commits. */
export function collectionsWritten(q: Queryable): void {
  const s = stateOf(q.db);
  const invalidate = () => {
    s.snapshot = null;
    s.generation++;
  };
  if (q.inTransaction) {
    s.writers.add(q);
    (q as Tx).afterCommit(invalidate);
  } else invalidate();
}

function buildSnapshot(all: CollectionModel[]): CollectionsSnapshot {
  const byId = new Map<string, CollectionModel>();
  const byName = new Map<string, CollectionModel>();
  const byLowerName = new Map<string, CollectionModel>();
  for (const c of all) {
    deepFreeze(c);
    if (!byId.has(c.id)) byId.set(c.id, c);
    if (!byName.has(c.name)) byName.set(c.name, c);
    const lower = sqlLower(c.name);
    if (!byLowerName.has(lower)) byLowerName.set(lower, c);
  }
  return { all: Object.freeze(all), byId, byName, byLowerName };
}

function deepFreeze(v: unknown): void {
  if (v === null || typeof v !== "object" || Object.isFrozen(v)) return;
  Object.freeze(v);
  for (const x of Object.values(v)) deepFreeze(x);
}
