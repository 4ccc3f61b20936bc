import type { RecordFolders } from "./recordFolder.js";

export interface OrphanSweepOptions {
  folders: RecordFolders;
  /** The collections whose records may own a folder (`id`) and their tables (`name`). */
  collections: () => Promise<ReadonlyArray<{ id: string; name: string }>> | ReadonlyArray<{ id: string; name: string }>;
  /** Whether the table holds the record; may fail (a table gone meanwhile counts as holding it). */
  hasRecord: (table: string, recordId: string) => Promise<boolean> | boolean;
  /** Folders written more recently than this are left alone (see SPOOL_LIFE_MS). */
  minAgeMs: number;
  /** Called with each folder removed (`<collectionId>/<recordId>`) and its last write. */
  removed: (folder: string, modified: Date) => void;
  /** True once the sweep should stop (the app is closing). */
  stopped?: () => boolean;
  now?: () => number;
}

export interface OrphanSweepResult {
  removed: string[];
  /** When the youngest orphan left alone for its age becomes old enough (ms), or null. */
  nextDue: number | null;
}

/**
 * One pass over the record folders of every collection: a folder whose record does not exist
 * and that nobody wrote to for `minAgeMs` is removed (what a crash between storing a save's
 * files and committing its row leaves behind). Folders of unknown collections are not
 * touched. Each folder is checked again right before it goes, so a save that wrote into it or
 * committed its record meanwhile keeps it.
 */
export async function sweepOrphans(opts: OrphanSweepOptions): Promise<OrphanSweepResult> {
  const now = opts.now ?? Date.now;
  const orphan = async (table: string, recordId: string): Promise<boolean> => {
    try {
      return !(await opts.hasRecord(table, recordId));
    } catch {
      return false;
    }
  };
  const result: OrphanSweepResult = { removed: [], nextDue: null };
  for (const c of await opts.collections()) {
    for (const f of await opts.folders.list(c.id)) {
      if (opts.stopped?.()) return result;
      if (!(await orphan(c.name, f.recordId))) continue;
      const due = f.modified + opts.minAgeMs;
      if (due > now()) {
        result.nextDue = Math.min(result.nextDue ?? due, due);
        continue;
      }
      const modified = await opts.folders.modified(c.id, f.recordId);
      if (modified === null || modified + opts.minAgeMs > now() || !(await orphan(c.name, f.recordId))) continue;
      await opts.folders.remove(c.id, f.recordId);
      result.removed.push(`${c.id}/${f.recordId}`);
      opts.removed(`${c.id}/${f.recordId}`, new Date(modified));
    }
  }
  return result;
}
