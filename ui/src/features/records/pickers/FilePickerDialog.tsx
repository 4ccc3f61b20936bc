import { Suspense, useEffect, useMemo, useState } from "react";
import { OverlayPanel } from "../../../components/OverlayPanel";
import { Spinner } from "../../../components/Spinner";
import type { Collection } from "../../../data/collections/types";
import { fileUrl } from "../../../data/records/fileUrl";
import { usePickerList } from "../../../data/records/pickerList";
import { handleError } from "../../../lib/errors";
import { joinFilters } from "../../logs/logFilter";
import { CIcon } from "../../collections/icons";
import { DEFAULT_THUMB, hasThumb, isImageName } from "../fileKinds";
import { recordsSearchFilter } from "../listModel";
import { toList, type RecordData } from "../recordModel";
import { CANNOT_PREVIEW, effectiveSize, filePickerCollections, hasFilesFilter, imageFileFields, NO_FILE_COLLECTIONS, NO_IMAGE_RECORDS, sizeOptions } from "./filePickerModel";
import { RecordPanel } from "../panel/LazyRecordPanel";
import { useLoaded } from "../../../lib/lazyWithPreload";
import { nearBottom } from "./scroll";
import { useRovingFocus } from "../../../lib/useRovingFocus";

interface Picked {
  record: RecordData;
  field: string;
  name: string;
}

export interface FilePickerDialogProps {
  open: boolean;
  collections: Collection[];
  onClose: () => void;
  /** The chosen file's URL (thumb applied) and name. */
  onSubmit: (file: { url: string; name: string }) => void;
}

/** "Select a file": collections with unprotected image file fields, search, New record, a thumbnail grid and a size choice. */
export function FilePickerDialog({ open, collections, onClose, onSubmit }: FilePickerDialogProps) {
  const available = useMemo(() => filePickerCollections(collections), [collections]);
  const [activeId, setActiveId] = useState(available[0]?.id ?? "");
  const active = available.find((c) => c.id === activeId) ?? available[0];
  const [search, setSearch] = useState("");
  const [term, setTerm] = useState("");
  const [picked, setPicked] = useState<Picked | null>(null);
  const [size, setSize] = useState("");
  const [creating, setCreating] = useState(0);
  const panelLoaded = useLoaded(RecordPanel, creating > 0);
  const fields = active ? imageFileFields(active) : [];
  const filter = active ? joinFilters(hasFilesFilter(fields), recordsSearchFilter(term, active)) : "";
  const list = usePickerList(active?.id ?? "", { filter, sort: "-created", fields: "*:excerpt(100)", enabled: open && !!active });
  const records = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);
  // images only: a text file inserted into the editor would be a broken image
  const files = useMemo(() => records.flatMap((r) => fields.flatMap((f) => toList(r[f.name]).filter(isImageName).map((name) => ({ record: r, field: f.name, name })))), [records, fields]);
  const roving = useRovingFocus(files.length, { grid: true });

  useEffect(() => {
    const t = setTimeout(() => setTerm(search), 250);
    return () => clearTimeout(t);
  }, [search]);
  useEffect(() => {
    if (list.error) handleError(list.error, { notify: !term });
  }, [list.error, term]);

  const pickedField = active?.schema.find((f) => f.name === picked?.field);
  const sizes = picked ? sizeOptions(pickedField, picked.name) : [];
  const thumb = effectiveSize(size, sizes);

  return (
    <OverlayPanel
      open={open}
      onClose={onClose}
      title="Select a file"
      size="lg"
      className="file-picker"
      footer={
        <>
          {picked ? (
            <label className="file-picker-size">
              <span>Size</span>
              <select className="control control-sm" value={thumb} onChange={(e) => setSize(e.target.value)}>
                {sizes.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <button type="button" className="btn btn-transparent" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={!picked} onClick={() => picked && onSubmit({ url: fileUrl(picked.record, picked.name, { thumb: thumb || undefined }), name: picked.name })}>
            Insert
          </button>
        </>
      }
    >
      {!available.length ? (
        <p className="txt-hint">{NO_FILE_COLLECTIONS}</p>
      ) : (
        <div className="file-picker-layout">
          <nav className="file-picker-sidebar" aria-label="Collections with files">
            {available.map((c) => (
              <button
                key={c.id}
                type="button"
                className={`file-picker-collection${c.id === active?.id ? " active" : ""}`}
                aria-pressed={c.id === active?.id}
                onClick={() => {
                  setActiveId(c.id);
                  setPicked(null);
                }}
              >
                {c.name}
              </button>
            ))}
          </nav>
          <div className="file-picker-main">
            <div className="picker-toolbar">
              <div className="searchbar">
                <CIcon name="search" className="searchbar-icon" />
                <input type="search" aria-label="Search files" placeholder="Search term or filter..." value={search} onChange={(e) => setSearch(e.target.value)} />
              </div>
              <button type="button" className="btn btn-sm btn-secondary" onClick={() => setCreating((n) => n + 1)}>
                <CIcon name="plus" size={15} /> New record
              </button>
            </div>
            <div
              className="file-picker-grid"
              role="listbox"
              aria-label="Files"
              {...roving.listProps}
              onScroll={(e) => {
                if (nearBottom(e.currentTarget) && list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
              }}
            >
              {files.map((f, i) => {
                const isPicked = !!picked && picked.record.id === f.record.id && picked.name === f.name;
                return (
                  <div
                    key={`${String(f.record.id)}/${f.name}`}
                    role="option"
                    aria-selected={isPicked}
                    aria-label={f.name}
                    tabIndex={roving.tabIndexOf(i)}
                    className={`file-picker-item${isPicked ? " selected" : ""}`}
                    onClick={() => setPicked(f)}
                    onKeyDown={(e) => {
                      if (e.key === "Enter" || e.key === " ") {
                        e.preventDefault();
                        setPicked(f);
                      }
                    }}
                  >
                    <FilePreview record={f.record} name={f.name} />
                  </div>
                );
              })}
              {list.isFetching ? <Spinner label="Loading files..." /> : null}
              {!files.length && !list.isFetching ? <p className="txt-hint picker-empty">{NO_IMAGE_RECORDS}</p> : null}
            </div>
          </div>
        </div>
      )}
      {creating > 0 && panelLoaded && active ? (
        <Suspense fallback={null}>
          <RecordPanel key={creating} open collection={active} collections={collections} recordId="" onClose={() => setCreating(0)} onSaved={() => void list.refetch()} />
        </Suspense>
      ) : null}
    </OverlayPanel>
  );
}

/** A file's thumb in the grid, or "Cannot preview the file." for an image that does not load. */
function FilePreview({ record, name }: { record: RecordData; name: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <span className="txt-hint">{CANNOT_PREVIEW}</span>;
  return <img src={fileUrl(record, name, { thumb: hasThumb(name) ? DEFAULT_THUMB : undefined })} alt="" loading="lazy" onError={() => setFailed(true)} />;
}
