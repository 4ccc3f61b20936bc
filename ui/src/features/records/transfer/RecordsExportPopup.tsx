import { useEffect, useId, useRef, useState } from "react";
import { FormFooter } from "../../../components/FormFooter";
import { OverlayPanel } from "../../../components/OverlayPanel";
import { ProgressBar } from "../../../components/ProgressBar";
import type { Collection } from "../../../data/collections/types";
import { exportRecords } from "../../../data/records/exportRecords";
import { handleError, normalizeError } from "../../../lib/errors";
import { formatFileSize } from "../../../lib/format";
import { downloadBlob } from "../../../lib/download";
import { addSuccessToast } from "../../../lib/toasts";
import { listSort, recordsSearchFilter } from "../listModel";
import { readHiddenColumns } from "../useHiddenColumns";
import { exportFields, type ExportFormat } from "./exportModel";

export interface RecordsExportPopupProps {
  open: boolean;
  onClose: () => void;
  collection: Collection;
  /** The address's search text and sort, as the list reads them. */
  search: string;
  sort: string;
}

type Progress = { records?: number; total?: number; bytes?: number };

/** "Export records": CSV or JSON of every record the list matches, with its visible columns. */
export default function RecordsExportPopup({ open, onClose, collection, search, sort: sortParam }: RecordsExportPopupProps) {
  const filter = recordsSearchFilter(search, collection);
  const sort = listSort(sortParam, collection);
  const [fields] = useState(() => exportFields(collection, readHiddenColumns(collection.id)));
  const formId = useId();
  const [format, setFormat] = useState<ExportFormat>("csv");
  const [progress, setProgress] = useState<Progress | null>(null);
  const abort = useRef<AbortController | null>(null);
  const busy = progress !== null;

  useEffect(() => () => abort.current?.abort(), []);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy || fields.length === 0) return;
    abort.current = new AbortController();
    setProgress({});
    let total: number | undefined;
    try {
      const file = await exportRecords(collection, {
        format,
        filter,
        sort,
        fields,
        signal: abort.current.signal,
        onProgress: (p) => {
          total ??= p.total;
          setProgress({ ...p, total });
        },
      });
      downloadBlob(file.blob, file.filename);
      addSuccessToast(`Exported ${file.filename}.`);
      onClose();
    } catch (err) {
      if (!normalizeError(err).isAbort && !(err instanceof DOMException && err.name === "AbortError")) handleError(err);
    } finally {
      setProgress(null);
    }
  };

  return (
    <OverlayPanel
      open={open}
      onClose={() => {
        abort.current?.abort();
        onClose();
      }}
      size="popup"
      title={`Export ${collection.name} records`}
      footer={<FormFooter formId={formId} busy={busy} canSubmit={!busy && fields.length > 0} submitLabel="Export" dismissLabel="Cancel" onDismiss={onClose} />}
    >
      <form id={formId} className="form records-transfer" noValidate onSubmit={(e) => void submit(e)} aria-label="Export records">
        <p className="txt-hint">
          Every record matching the list&apos;s {filter ? "filter" : "search (none: all records)"} and sort, not only the loaded ones, with its {fields.length} visible column
          {fields.length === 1 ? "" : "s"}: <span className="txt-mono">{fields.join(", ") || "none"}</span>.
        </p>
        <fieldset className="choice-list">
          <legend>Format</legend>
          <label className="checkbox-label">
            <input type="radio" name="format" value="csv" checked={format === "csv"} disabled={busy} onChange={() => setFormat("csv")} />
            <span>CSV (multi-values as JSON text)</span>
          </label>
          <label className="checkbox-label">
            <input type="radio" name="format" value="json" checked={format === "json"} disabled={busy} onChange={() => setFormat("json")} />
            <span>JSON</span>
          </label>
        </fieldset>
        {progress ? <ProgressBar label="Export progress" fraction={progress.total ? (progress.records ?? 0) / progress.total : null} text={progressText(progress)} /> : null}
      </form>
    </OverlayPanel>
  );
}

function progressText(p: Progress): string {
  if (p.records !== undefined) return p.total !== undefined ? `${p.records} of ${p.total} records` : `${p.records} records`;
  if (p.bytes !== undefined) return `${formatFileSize(p.bytes)} received`;
  return "Starting...";
}
