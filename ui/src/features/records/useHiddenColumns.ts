import { useCallback, useEffect, useState } from "react";
import { legacyStorageKeys, readMovedStorage, storageKeys, writeStorage } from "../../lib/storageKeys";
import { parseHiddenColumns, toggleHidden } from "./listModel";

/** The hidden columns of one collection, as stored now. */
export const readHiddenColumns = (collectionId: string): string[] =>
  parseHiddenColumns(readMovedStorage(storageKeys.hiddenColumns(collectionId), legacyStorageKeys.hiddenColumns(collectionId)));

/** Hidden columns of one collection, remembered in local storage under '{collectionId}@hiddenColumns'. */
export function useHiddenColumns(collectionId: string): [string[], (id: string) => void] {
  const key = storageKeys.hiddenColumns(collectionId);
  const read = () => readHiddenColumns(collectionId);
  const [hidden, setHidden] = useState<string[]>(read);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setHidden(read()), [key]);
  const toggle = useCallback(
    (id: string) =>
      setHidden((prev) => {
        const next = toggleHidden(prev, id);
        writeStorage(key, next.length ? JSON.stringify(next) : null);
        return next;
      }),
    [key],
  );
  return [hidden, toggle];
}
