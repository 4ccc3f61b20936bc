import { useCallback, useEffect, useState } from "react";
import { readStorage, storageKeys, writeStorage } from "../../lib/storageKeys";
import { parseHiddenColumns, toggleHidden } from "./listModel";

/** Hidden columns of one collection, remembered in local storage under prefix + collectionId. */
export function useHiddenColumns(collectionId: string): [string[], (id: string) => void] {
  const key = storageKeys.hiddenColumnsPrefix + collectionId;
  const [hidden, setHidden] = useState<string[]>(() => parseHiddenColumns(readStorage(key)));
  useEffect(() => setHidden(parseHiddenColumns(readStorage(key))), [key]);
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
