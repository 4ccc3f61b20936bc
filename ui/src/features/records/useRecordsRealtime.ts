import { useEffect } from "react";
import { useQueryClient, type InfiniteData } from "@tanstack/react-query";
import type { RecordSubscription } from "pocketbase";
import type { Collection } from "../../data/collections/types";
import { recordsKeys } from "../../data/records/keys";
import type { RecordsPage } from "../../data/records/recordsList";
import { client } from "../../lib/client";
import { listExpand } from "./listModel";
import { publishLiveChange } from "./liveChanges";
import type { RecordData } from "./recordModel";

function isPages(v: unknown): v is InfiniteData<RecordsPage> {
  return !!v && typeof v === "object" && Array.isArray((v as InfiniteData<RecordsPage>).pages);
}

/** Applies an update or delete to the loaded pages in place. */
export function applyLiveChange(data: InfiniteData<RecordsPage>, action: string, record: RecordData): InfiniteData<RecordsPage> {
  return {
    ...data,
    pages: data.pages.map((p) => ({
      ...p,
      items:
        action === "delete"
          ? p.items.filter((r) => r.id !== record.id)
          : p.items.map((r) => (r.id === record.id ? { ...record, expand: record.expand ?? r.expand } : r)),
    })),
  };
}

/**
 * Follows the collection's records over realtime while the page shows it: created rows appear
 * (the loaded pages reload), updated rows change in place, deleted rows go. Without realtime the
 * subscribe call fails once and the page works as before.
 */
export function useRecordsRealtime(c: Collection): void {
  const qc = useQueryClient();
  const expand = listExpand(c);
  const { id, type } = c;
  useEffect(() => {
    if (type === "view") return;
    let cancelled = false;
    let unsubscribe: (() => Promise<void>) | null = null;
    const onEvent = (e: RecordSubscription) => {
      const record = e.record as unknown as RecordData;
      const key = recordsKeys.lists(id);
      if (e.action === "create") {
        void qc.invalidateQueries({ queryKey: key });
      } else {
        qc.setQueriesData({ queryKey: key }, (old: unknown) => (isPages(old) ? applyLiveChange(old, e.action, record) : old));
        if (e.action === "delete") void qc.invalidateQueries({ queryKey: [...key, "count"] });
      }
      publishLiveChange({ collectionId: id, action: e.action as "create" | "update" | "delete", record });
    };
    client
      .collection(id)
      .subscribe("*", onEvent, expand ? { expand } : undefined)
      .then((unsub) => {
        if (cancelled) void unsub().catch(() => {});
        else unsubscribe = unsub;
      })
      .catch((err: unknown) => console.warn("Realtime is not available; the records list will not update live.", err));
    return () => {
      cancelled = true;
      if (unsubscribe) void unsubscribe().catch(() => {});
    };
  }, [id, type, expand, qc]);
}
