import type { CollectionModel } from "../models/collection.js";
import { cachedStatement, type DB } from "./connection.js";

/** The decoded collections of one connection, with lookups by id and by name. */
export interface CollectionsSnapshot {
  /** In storage order (rowid). */
  all: readonly CollectionModel[];
  byId: ReadonlyMap<string, CollectionModel>;
  /** Exact name. */
  byName: ReadonlyMap<string, CollectionModel>;
  /** Name lowercased as SQLite's LOWER() does (ASCII only); the first in storage order wins. */
  byLowerName: ReadonlyMap<string, CollectionModel>;
}

interface ConnectionState {
  /** Dropped by every write of `_collections` through this connection. */
  snapshot: CollectionsSnapshot | null;
  /** `PRAGMA data_version` when the snapshot was read. */
  dataVersionAtRead: number;
}

const states = new WeakMap<DB, ConnectionState>();

function stateOf(db: DB): ConnectionState {
  let s = states.get(db);
  if (!s) states.set(db, (s = { snapshot: null, dataVersionAtRead: -1 }));
  return s;
}

/** SQLite's LOWER() without ICU: A-Z only (so e.g. the Kelvin sign does not match "k"). */
export const sqlLower = (s: string): string => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/**
 * Every record request looks its collection up, and decoding `_collections` rows (JSON schema
 * and options) on each one was a visible share of cheap requests. The decoded rows are kept
 * per connection and read again when they may have changed:
 * - a write through this connection (the repository calls `collectionsWritten`), and
 * - a commit by any other connection — another process on the same data directory, or the
 *   main connection seen from a worker thread's — which `PRAGMA data_version` reports.
 * A database reopened by a restore is a new connection, with a cache of its own. The snapshot
 * is only filled outside transactions, so a rolled-back write is never remembered.
 * The models are frozen: they are shared by every request, and a caller changing one must copy it.
 */
export function collectionsSnapshot(db: DB, read: () => CollectionModel[]): CollectionsSnapshot {
  const s = stateOf(db);
  const dataVersion = (cachedStatement(db, "PRAGMA data_version").get() as { data_version: number }).data_version;
  if (s.snapshot && s.dataVersionAtRead === dataVersion) return s.snapshot;
  const snapshot = buildSnapshot(read());
  if (db.inTransaction) return snapshot;
  s.snapshot = snapshot;
  s.dataVersionAtRead = dataVersion;
  return snapshot;
}

/** Marks the connection's cached collections stale (after writing `_collections`). */
export function collectionsWritten(db: DB): void {
  stateOf(db).snapshot = null;
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
