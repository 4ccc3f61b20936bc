import { useEffect, useRef } from "react";
import { useQueryClient, type InfiniteData } from "@tanstack/react-query";
import type { RecordSubscription } from "pocketbase";
import type { Collection } from "../../data/collections/types";
import { recordsKeys } from "../../data/records/keys";
import type { RecordsPage } from "../../data/records/recordsList";
import { client } from "../../lib/client";
import { listExpand } from "./listModel";
import { collectLiveChanges, needsReload, publishLiveChanges, shownIn, updatesKeepOrder, type LiveChange } from "./liveChanges";
import type { RecordData } from "./recordModel";

/** Realtime events are applied together, at most this often: a burst costs one render, not one per record. */
export const LIVE_FLUSH_MS = 100;
/** While the list is fetching, a reload it owes waits this long and looks again. */
export const LIVE_RELOAD_RETRY_MS = 250;

function isPages(v: unknown): v is InfiniteData<RecordsPage> {
  return !!v && typeof v === "object" && Array.isArray((v as InfiniteData<RecordsPage>).pages);
}

/** Applies updates and deletes to the loaded pages in place (a created record is not in them). */
export function applyLiveChanges(data: InfiniteData<RecordsPage>, changes: ReadonlyMap<string, LiveChange>): InfiniteData<RecordsPage> {
  return {
    ...data,
    pages: data.pages.map((p) => {
      if (!p.items.some((r) => changes.has(String(r.id)))) return p;
      const items = [];
      for (const r of p.items) {
        const change = changes.get(String(r.id));
        if (!change) items.push(r);
        // merged: values an event leaves out (a hidden email) stay until the reload that follows
        else if (change.action !== "delete") items.push({ ...r, ...change.record, expand: change.record.expand ?? r.expand });
      }
      return { ...p, items };
    }),
  };
}

/** The rows of every loaded list of the collection, by id. */
function loadedRows(lists: [unknown, unknown][]): Map<string, RecordData> {
  const rows = new Map<string, RecordData>();
  for (const [, data] of lists) if (isPages(data)) for (const p of data.pages) for (const r of p.items) rows.set(String(r.id), r);
  return rows;
}

/**
 * Follows the collection's records over realtime while the page shows it: created rows appear
 * (the loaded pages reload), updated rows change in place, deleted rows go. Events are gathered
 * for LIVE_FLUSH_MS and applied together, and the list reloads once at a time: a thousand records
 * written by a script cost a few renders and reloads, not a thousand of each. Without realtime
 * the subscribe call fails once and the page works as before.
 */
export function useRecordsRealtime(c: Collection, list: { filter: string; sort: string }): void {
  const qc = useQueryClient();
  const expand = listExpand(c);
  const { id, type } = c;
  // read at each flush: a new filter or sort must not subscribe again
  const keepsOrder = useRef(true);
  keepsOrder.current = updatesKeepOrder(list.filter, list.sort);
  useEffect(() => {
    if (type === "view") return;
    const key = recordsKeys.lists(id);
    let cancelled = false;
    let unsubscribe: (() => Promise<void>) | null = null;
    let pending: RecordSubscription[] = [];
    // changes the loaded pages may not show once fetching settles: created records, and changes
    // that landed while a fetch was on its way (its answer may be older)
    const owed = new Map<string, LiveChange>();
    // a change applied in place that still needs the pages fetched again (needsReload)
    let reloadOwed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = (ms: number) => {
      if (timer === undefined) timer = setTimeout(flush, ms);
    };
    const fetching = () => qc.isFetching({ queryKey: key }) > 0;
    const flush = () => {
      timer = undefined;
      if (pending.length) {
        const changes = collectLiveChanges(pending);
        pending = [];
        const loadedBefore = loadedRows(qc.getQueriesData({ queryKey: key }));
        qc.setQueriesData({ queryKey: key }, (old: unknown) => (isPages(old) ? applyLiveChanges(old, changes) : old));
        const inFlight = fetching();
        for (const [recordId, change] of changes) {
          if (change.action === "create" || inFlight) owed.set(recordId, change);
          else if (needsReload(loadedBefore, change, keepsOrder.current)) reloadOwed = true;
        }
        if (!inFlight && !reloadOwed && [...changes.values()].some((ch) => ch.action === "delete")) void qc.invalidateQueries({ queryKey: [...key, "count"] });
        publishLiveChanges(id, changes);
      }
      if (!owed.size && !reloadOwed) return;
      if (fetching()) return schedule(LIVE_RELOAD_RETRY_MS);
      // a record saved in this dashboard is usually shown already: its save reloaded the list
      const rows = loadedRows(qc.getQueriesData({ queryKey: key }));
      const reload = reloadOwed || [...owed.values()].some((change) => !shownIn(rows, change, keepsOrder.current));
      owed.clear();
      reloadOwed = false;
      if (reload) void qc.invalidateQueries({ queryKey: key });
    };
    const onEvent = (e: RecordSubscription) => {
      pending.push(e);
      schedule(LIVE_FLUSH_MS);
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
      clearTimeout(timer);
      if (unsubscribe) void unsubscribe().catch(() => {});
    };
  }, [id, type, expand, qc]);
}
