import { promises as fsp } from "node:fs";
import path from "node:path";
import type { RecordFolders } from "./recordFolder.js";

/** Record folders of local storage (`<root>/<collectionId>/<recordId>/`), read as directories. */
export function localRecordFolders(root: string): RecordFolders {
  const dirOf = (collectionId: string, recordId: string) => path.join(root, collectionId, recordId);
  return {
    async list(collectionId) {
      let items;
      try {
        items = await fsp.readdir(path.join(root, collectionId), { withFileTypes: true });
      } catch {
        return []; // the collection has no files
      }
      const out = [];
      for (const it of items) {
        if (!it.isDirectory() || it.name.startsWith(".")) continue;
        const modified = await newestWrite(path.join(root, collectionId, it.name));
        if (modified !== null) out.push({ recordId: it.name, modified });
      }
      return out;
    },
    modified: (collectionId, recordId) => newestWrite(dirOf(collectionId, recordId)),
    async remove(collectionId, recordId) {
      await fsp.rm(dirOf(collectionId, recordId), { recursive: true, force: true });
    },
  };
}

/** The newest modification time of a directory and anything below it (null when it is gone). */
async function newestWrite(dir: string): Promise<number | null> {
  let st;
  try {
    st = await fsp.lstat(dir);
  } catch {
    return null;
  }
  let newest = st.mtimeMs;
  if (!st.isDirectory()) return newest;
  let items;
  try {
    items = await fsp.readdir(dir);
  } catch {
    return newest;
  }
  for (const name of items) newest = Math.max(newest, (await newestWrite(path.join(dir, name))) ?? 0);
  return newest;
}
