import "./records.css";
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { Collection } from "../../data/collections/types";
import { recordsKeys } from "../../data/records/keys";
import { primeRecord } from "../../data/records/record";
import { useRecordsList } from "../../data/records/recordsList";
import { useRecordsCount } from "../../data/records/recordsCount";
import { PartialDeleteError, useDeleteRecords } from "../../data/records/deleteRecords";
import { useAdminFileToken } from "../../data/records/fileUrl";
import { confirm } from "../../lib/confirm";
import { handleError, normalizeError } from "../../lib/errors";
import { setQueryParams } from "../../lib/router";
import { useStore } from "../../lib/store";
import { addSuccessToast } from "../../lib/toasts";
import { whenIdle } from "../../lib/whenIdle";
import { useLoaded } from "../../lib/lazyWithPreload";
import { useBatchedCount } from "../logs/useBatchedCount";
import { listSort, recordColumns, recordsFilterKeys, recordsSearchFilter, RECORDS_ROW_CHUNK } from "./listModel";
import { newRecordRequest, type LeaveGuard } from "./panelStore";
import { isViewCollection, type RecordData } from "./recordModel";
import { RecordsBulkBar } from "./RecordsBulkBar";
import { RecordsSearchBar } from "./RecordsSearchBar";
import { RecordsTable } from "./RecordsTable";
import { useHiddenColumns } from "./useHiddenColumns";
import { useRecordsRealtime } from "./useRecordsRealtime";
import { RecordPanel } from "./panel/LazyRecordPanel";
import { warmFieldInputs } from "./fields/warmFieldInputs";
import { BusyButton } from "../../components/BusyButton";

const loadRecordPanel = RecordPanel.preload;

export const BULK_DELETE_CONFIRM = "Do you really want to delete the selected record(s)?";
export const BULK_DELETE_SUCCESS = "Successfully deleted the selected record(s).";

interface PanelState {
  session: number;
  open: boolean;
  /** "" for a new record. */
  recordId: string;
  initial?: RecordData;
}

/** The panel open on a record: unchanged if it already is, else a new session (a fresh panel). */
const openedOn = (recordId: string) => (p: PanelState): PanelState => (p.open && p.recordId === recordId ? p : { session: p.session + 1, open: true, recordId });

export interface RecordsSectionProps {
  collection: Collection;
  collections: Collection[];
  filter: string;
  /** The address's sort ("" when absent). */
  sort: string;
  recordId: string;
}

/** The records part of the collections page: search, table, load more, bulk bar, record panel, live updates. */
export default function RecordsSection({ collection, collections, filter, sort: explicitSort, recordId }: RecordsSectionProps) {
  const qc = useQueryClient();
  const sort = listSort(explicitSort, collection);
  const effectiveFilter = recordsSearchFilter(filter, collection);
  const list = useRecordsList(collection, effectiveFilter, sort);
  const count = useRecordsCount(collection, effectiveFilter);
  const columns = useMemo(() => recordColumns(collection), [collection]);
  const [hidden, toggleColumn] = useHiddenColumns(collection.id);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const bulkDelete = useDeleteRecords();
  const fileToken = useAdminFileToken(collection.schema.some((f) => f.type === "file" && !!f.options?.protected));
  const [panel, setPanel] = useState<PanelState>({ session: 0, open: false, recordId: "" });
  const view = isViewCollection(collection);
  // Mounted once its code is there, not suspended until then (see useLoaded).
  const panelLoaded = useLoaded(RecordPanel, panel.session > 0);

  useRecordsRealtime(collection, { filter: effectiveFilter, sort });

  useEffect(() => {
    if (!list.error) return;
    const e = normalizeError(list.error);
    if (e.status === 400 && filter) return; // an invalid filter is silent
    handleError(list.error);
  }, [list.error, filter]);

  // The selection belongs to one collection and one result set.
  useEffect(() => setSelected(new Set()), [collection.id, effectiveFilter, sort]);

  const items = useMemo(() => (list.isError ? [] : (list.data?.pages.flatMap((p) => p.items) ?? [])), [list.isError, list.data]);
  const rendered = useBatchedCount(items.length, `${collection.id}|${effectiveFilter}|${sort}`, RECORDS_ROW_CHUNK);
  const rows = items.slice(0, rendered);

  // Once rows show, the panel's code loads in idle time, and the kinds of form control it will
  // show are laid out once: the first row click then waits only for its record.
  const hasRows = items.length > 0;
  useEffect(() => (hasRows ? whenIdle(() => void loadRecordPanel()) : undefined), [hasRows]);
  useEffect(() => (hasRows ? warmFieldInputs(collection.schema, collection.type === "auth") : undefined), [hasRows, collection]);

  // The panel follows the address's recordId (Back, Forward, a link): it opens that record (edit,
  // or read-only for views), or closes when the address lost it. A panel with unsaved changes is
  // asked first; kept, it puts its record back in the address (a new entry: Back asks again).
  const panelRef = useRef(panel);
  panelRef.current = panel;
  const leaveGuard = useRef<LeaveGuard | null>(null);
  useEffect(() => {
    const shown = panelRef.current;
    if (!shown.open) {
      if (recordId) setPanel(openedOn(recordId));
      return;
    }
    // a new record's panel has no address of its own
    if (shown.recordId === recordId || (!recordId && !shown.recordId)) return;
    const leave = () => setPanel(recordId ? openedOn(recordId) : (p) => ({ ...p, open: false }));
    const stay = () => setQueryParams({ recordId: shown.recordId || null }, { replace: false });
    if (leaveGuard.current) leaveGuard.current(leave, stay);
    else leave();
  }, [recordId]);

  // The header's New record button.
  const newRequested = useStore(newRecordRequest);
  useEffect(() => {
    if (!newRequested) return;
    newRecordRequest.set(false);
    if (isViewCollection(collection)) return;
    setPanel((p) => ({ session: p.session + 1, open: true, recordId: "" }));
  }, [newRequested, collection]);

  const reload = useCallback(() => void qc.invalidateQueries({ queryKey: recordsKeys.lists(collection.id) }), [qc, collection.id]);

  const closePanel = useCallback(() => {
    setPanel((p) => ({ ...p, open: false }));
    setQueryParams({ recordId: null });
  }, []);

  const onDuplicate = useCallback((copy: RecordData) => {
    setQueryParams({ recordId: null });
    setPanel((p) => ({ session: p.session + 1, open: true, recordId: "", initial: copy }));
  }, []);

  const onSaved = useCallback(
    (saved: RecordData, isNew: boolean) => {
      reload();
      if (!isNew) setQueryParams({ recordId: String(saved.id) });
    },
    [reload],
  );

  // Stable callbacks and cell context: the table's rows are memoised on them.
  const toggle = useCallback(
    (id: string) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  // The row click starts the panel's code and its record at once, before the address changes
  // (not for the record already open: that panel would never take it). A ref, so the rows'
  // callback stays the same while panels open and close.
  const openId = useRef(recordId);
  openId.current = recordId;
  const openRecord = useCallback(
    (id: string) => {
      void loadRecordPanel();
      if (id !== openId.current) primeRecord(collection, id);
      // The panel mounts in this click's render, while its record is on its way, rather than
      // after the address change's render (the effect above then finds it open).
      setPanel(openedOn(id));
      setQueryParams({ recordId: id }, { replace: false });
    },
    [collection],
  );
  const cellContext = useMemo(() => ({ collection, collections, fileToken }), [collection, collections, fileToken]);
  // Only loaded records count as selected: one deleted meanwhile (in its panel, elsewhere) drops out.
  const loadedSelected = useMemo(() => {
    const loaded = new Set(items.map((r) => String(r.id)));
    return new Set([...selected].filter((id) => loaded.has(id)));
  }, [items, selected]);
  const allSelected = items.length > 0 && loadedSelected.size === items.length;
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(items.map((r) => String(r.id))));

  const deleteSelected = () =>
    confirm(BULK_DELETE_CONFIRM, async () => {
      try {
        await bulkDelete.mutateAsync({ collection, ids: [...loadedSelected] });
        addSuccessToast(BULK_DELETE_SUCCESS);
        setSelected(new Set());
      } catch (err) {
        // the records that went leave the selection; the others stay selected for another try
        if (err instanceof PartialDeleteError) {
          setSelected((prev) => new Set([...prev].filter((id) => !err.deleted.includes(id))));
          handleError(err.cause);
        } else handleError(err);
      } finally {
        reload();
      }
    });

  const isLoading = list.isPending || (list.isFetching && !list.isFetchingNextPage && items.length === 0);

  return (
    <section className="records-section" aria-label="Records">
      <RecordsSearchBar value={filter} onSubmit={(v) => setQueryParams({ filter: v || null }, { replace: false })} completions={recordsFilterKeys(collection)} />
      <RecordsTable
        ctx={cellContext}
        columns={columns}
        hidden={hidden}
        onToggleColumn={toggleColumn}
        rows={rows}
        totalLoaded={items.length}
        loading={isLoading}
        sort={sort}
        onSort={(s) => setQueryParams({ sort: s }, { replace: false })}
        selectable={!view}
        selected={loadedSelected}
        onToggleAll={toggleAll}
        onToggle={toggle}
        onOpen={openRecord}
        hasFilter={!!filter}
        onClearFilter={() => setQueryParams({ filter: null }, { replace: false })}
      />
      {list.hasNextPage && !list.isError ? (
        <div className="load-more">
          <BusyButton className="btn btn-secondary" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            Load more
          </BusyButton>
        </div>
      ) : null}
      <p className="records-total txt-hint">Total found: {count.data ?? (count.isError ? 0 : "...")}</p>
      {loadedSelected.size && !view ? <RecordsBulkBar count={loadedSelected.size} deleting={bulkDelete.isPending} onReset={() => setSelected(new Set())} onDelete={deleteSelected} /> : null}
      {panel.session > 0 && panelLoaded ? (
        <Suspense fallback={null}>
          <RecordPanel
            key={panel.session}
            open={panel.open}
            collection={collection}
            collections={collections}
            recordId={panel.recordId}
            initial={panel.initial}
            onClose={closePanel}
            onSaved={onSaved}
            onDeleted={reload}
            onDuplicate={onDuplicate}
            leaveGuard={leaveGuard}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
