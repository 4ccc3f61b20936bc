import { Suspense, useEffect, useMemo, useState } from "react";
import { OverlayPanel } from "../../../components/OverlayPanel";
import { Spinner } from "../../../components/Spinner";
import type { Collection } from "../../../data/collections/types";
import { usePickerList } from "../../../data/records/pickerList";
import { PICKER_BATCH, useRecordsByIds } from "../../../data/records/recordsByIds";
import { handleError } from "../../../lib/errors";
import { truncate } from "../../../lib/format";
import { CIcon } from "../../collections/icons";
import { Icon } from "../../../components/Icon";
import { recordsSearchFilter, relationLabel } from "../listModel";
import type { RecordData } from "../recordModel";
import { RecordPanel } from "../panel/LazyRecordPanel";
import { useLoaded } from "../../../lib/lazyWithPreload";
import { nearBottom } from "./scroll";
import { useRovingFocus } from "../../../lib/useRovingFocus";

export const NO_SELECTED_RECORDS = "No selected records.";
export const NO_RECORDS_FOUND = "No records found.";
export const SELECTED_LABEL_MAX = 70;
export const TOOLTIP_JSON_MAX = 800;

/** A selected record handed over as its id only (`{ id }`): the picker loads it itself. */
export function isIdOnly(r: RecordData): boolean {
  return Object.keys(r).every((k) => k === "id");
}

export interface RecordPickerDialogProps {
  open: boolean;
  collection: Collection;
  collections: Collection[];
  /** 1 = single select; otherwise selecting stops at maxSelect (0/undefined = no limit). */
  maxSelect?: number;
  /** The current selection; records given as `{ id }` only are loaded by id (batches of 50). */
  selected: RecordData[];
  onClose: () => void;
  onSubmit: (records: RecordData[]) => void;
}

/** "Select {collection} records": search, New record, a list loading more on scroll, the selected list. */
export function RecordPickerDialog({ open, collection, collections, maxSelect, selected: initial, onClose, onSubmit }: RecordPickerDialogProps) {
  const [search, setSearch] = useState("");
  const [term, setTerm] = useState("");
  const [selected, setSelected] = useState<RecordData[]>(initial);
  // the selected records the caller had not loaded yet, fetched once by id
  const [unloadedIds] = useState(() => initial.filter(isIdOnly).map((r) => String(r.id)));
  const fetched = useRecordsByIds(collection.id, unloadedIds, { batch: PICKER_BATCH, enabled: open });
  const fetchedById = useMemo(() => new Map((fetched.data ?? []).map((r) => [String(r.id), r])), [fetched.data]);
  const withData = (r: RecordData) => (isIdOnly(r) ? (fetchedById.get(String(r.id)) ?? r) : r);
  const [creating, setCreating] = useState(0);
  const panelLoaded = useLoaded(RecordPanel, creating > 0);
  const single = maxSelect === 1;
  const filter = recordsSearchFilter(term, collection);
  const list = usePickerList(collection.id, { filter, sort: collection.type === "view" ? "" : "-created", enabled: open });
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  const roving = useRovingFocus(items.length);

  useEffect(() => {
    if (list.error) handleError(list.error, { notify: !term });
  }, [list.error, term]);

  useEffect(() => {
    if (fetched.error) handleError(fetched.error);
  }, [fetched.error]);

  // search as you type, a little debounced
  useEffect(() => {
    const t = setTimeout(() => setTerm(search), 250);
    return () => clearTimeout(t);
  }, [search]);

  const isSelected = (r: RecordData) => selected.some((s) => s.id === r.id);
  const limitReached = !single && !!maxSelect && selected.length >= maxSelect;
  const toggle = (r: RecordData) => {
    if (isSelected(r)) setSelected((s) => s.filter((x) => x.id !== r.id));
    else if (single) setSelected([r]);
    else if (!limitReached) setSelected((s) => [...s, r]);
  };
  const label = (r: RecordData) => truncate(relationLabel(r, collection), SELECTED_LABEL_MAX);

  return (
    <OverlayPanel
      open={open}
      onClose={onClose}
      title={`Select ${collection.name} records`}
      size="lg"
      className="record-picker"
      footer={
        <>
          <button type="button" className="btn btn-transparent" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" onClick={() => onSubmit(selected.map(withData))}>
            Set selection
          </button>
        </>
      }
    >
      <div className="picker-toolbar">
        <div className="searchbar">
          <CIcon name="search" className="searchbar-icon" />
          <input type="search" aria-label={`Search ${collection.name} records`} placeholder="Search term or filter..." value={search} onChange={(e) => setSearch(e.target.value)} data-autofocus />
        </div>
        {collection.type !== "view" ? (
          <button type="button" className="btn btn-sm btn-secondary" onClick={() => setCreating((n) => n + 1)}>
            <CIcon name="plus" size={15} /> New record
          </button>
        ) : null}
      </div>
      <div
        className="picker-list"
        role="listbox"
        aria-label={`${collection.name} records`}
        aria-multiselectable={!single}
        {...roving.listProps}
        onScroll={(e) => {
          if (nearBottom(e.currentTarget) && list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
        }}
      >
        {items.map((r, i) => (
          <div
            key={String(r.id)}
            role="option"
            aria-selected={isSelected(r)}
            aria-disabled={!isSelected(r) && limitReached}
            tabIndex={roving.tabIndexOf(i)}
            className={`picker-item${isSelected(r) ? " selected" : ""}`}
            onClick={() => toggle(r)}
            onKeyDown={(e) => {
              if (e.key === "Enter" || e.key === " ") {
                e.preventDefault();
                toggle(r);
              }
            }}
          >
            <span className={`picker-check${isSelected(r) ? " checked" : ""}`} aria-hidden="true">
              {isSelected(r) ? <Icon name="check" size={12} /> : null}
            </span>
            <span className="picker-item-label" title={truncate(JSON.stringify(r, null, 2), TOOLTIP_JSON_MAX)}>
              {label(r)}
            </span>
            <span className="txt-hint txt-mono">{String(r.id)}</span>
          </div>
        ))}
        {list.isFetching ? <Spinner label="Loading records..." /> : null}
        {!items.length && !list.isFetching ? <p className="txt-hint picker-empty">{NO_RECORDS_FOUND}</p> : null}
      </div>
      <h3 className="section-title">Selected</h3>
      {selected.length ? (
        <ul className="chip-list picker-selected" aria-label="Selected records">
          {selected.map(withData).map((r) => (
            <li key={String(r.id)} className="chip chip-removable">
              {label(r)}
              <button type="button" className="chip-btn" aria-label={`Deselect ${label(r)}`} onClick={() => toggle(r)}>
                <CIcon name="close" size={12} />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="txt-hint">{NO_SELECTED_RECORDS}</p>
      )}
      {creating > 0 && panelLoaded ? (
        <Suspense fallback={null}>
          <RecordPanel
            key={creating}
            open
            collection={collection}
            collections={collections}
            recordId=""
            onClose={() => setCreating(0)}
            onSaved={(saved) => {
              void list.refetch();
              setSelected((s) => (single ? [saved] : limitReached ? s : [...s, saved]));
            }}
          />
        </Suspense>
      ) : null}
    </OverlayPanel>
  );
}
