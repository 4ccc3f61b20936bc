import { useCallback, useEffect, useRef, useState } from "react";
import type { Collection } from "../../../data/collections/types";
import { legacyStorageKeys, readMovedStorage, storageKeys, writeStorage } from "../../../lib/storageKeys";
import { applyDraft, draftData, parseDraft, shouldOfferDraft, type RecordData } from "../recordModel";

/**
 * The record's draft in local storage (record_draft_{collectionId}_{recordId}): offered (banner)
 * when it differs from the loaded record, written while the form has unsaved changes, cleared on
 * save, discard and duplicate.
 */
export function useRecordDraft(c: Collection, recordId: string, original: RecordData | null, record: RecordData, changed: boolean) {
  const key = storageKeys.recordDraft(c.id, recordId);
  const [offered, setOffered] = useState<RecordData | null>(null);
  const [decided, setDecided] = useState(false);
  const touched = useRef(false);

  // once loaded: a stored draft that differs from the record is offered
  useEffect(() => {
    if (!original || decided) return;
    const stored = parseDraft(readMovedStorage(key, legacyStorageKeys.recordDraft(c.id, recordId)));
    setOffered(shouldOfferDraft(c, stored, original) ? stored : null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [original, key]);

  // unsaved changes are kept; an offered draft is not overwritten until the user decides
  useEffect(() => {
    if (!original || offered) return;
    if (changed) {
      touched.current = true;
      writeStorage(key, JSON.stringify(draftData(c, record)));
    } else if (touched.current) {
      // edited back to the loaded values: nothing left to keep
      writeStorage(key, null);
    }
  }, [c, key, original, record, changed, offered]);

  const clear = useCallback(() => {
    touched.current = false;
    writeStorage(key, null);
    setOffered(null);
    setDecided(true);
  }, [key]);

  const restore = useCallback((): RecordData => {
    const next = original && offered ? applyDraft(c, original, offered) : record;
    setOffered(null);
    setDecided(true);
    return next;
  }, [c, original, offered, record]);

  return { offered: !!offered, clear, discard: clear, restore };
}
