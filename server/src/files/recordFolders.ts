import type { FileSystem } from "./filesystem.js";
import { LocalFileSystem } from "./local.js";
import { localRecordFolders } from "./localRecordFolders.js";
import type { RecordFolders } from "./recordFolder.js";

/**
 * Local storage reads its directories (so temp files and `.attrs` sidecars a crash left count
 * and go too); any other file system (S3) is read through its listing: a folder is the keys
 * under `<collectionId>/<recordId>/`, its last write the newest of them.
 */
export function recordFoldersOf(fs: FileSystem): RecordFolders {
  return fs instanceof LocalFileSystem ? localRecordFolders(fs.root) : listedRecordFolders(fs);
}

function listedRecordFolders(fs: FileSystem): RecordFolders {
  return {
    async list(collectionId) {
      const newest = new Map<string, number>();
      for (const e of await fs.list(`${collectionId}/`)) {
        const parts = e.key.split("/");
        if (parts.length < 3) continue;
        newest.set(parts[1]!, Math.max(newest.get(parts[1]!) ?? 0, e.modified.getTime()));
      }
      return [...newest].map(([recordId, modified]) => ({ recordId, modified }));
    },
    async modified(collectionId, recordId) {
      const entries = await fs.list(`${collectionId}/${recordId}/`);
      return entries.length ? Math.max(...entries.map((e) => e.modified.getTime())) : null;
    },
    async remove(collectionId, recordId) {
      await fs.deletePrefix(`${collectionId}/${recordId}/`);
    },
  };
}
