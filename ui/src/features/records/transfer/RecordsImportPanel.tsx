import { useId, useMemo, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Field } from "../../../components/Field";
import { FormFooter } from "../../../components/FormFooter";
import { Icon } from "../../../components/Icon";
import { OverlayPanel } from "../../../components/OverlayPanel";
import { ProgressBar } from "../../../components/ProgressBar";
import type { Collection } from "../../../data/collections/types";
import { importRecords } from "../../../data/records/importRecords";
import { recordsKeys } from "../../../data/records/keys";
import { downloadBlob } from "../../../lib/download";
import { handleError } from "../../../lib/errors";
import { plural } from "../../../lib/format";
import { defaultMapping, errorLines, failedRowsCsv, importTargets, parseImportFile, rowBody, type FailedRow, type ImportFile } from "./importModel";
import { ImportMapping } from "./ImportMapping";

export interface RecordsImportPanelProps {
  open: boolean;
  onClose: () => void;
  collection: Collection;
}

const rowsText = (n: number) => `${n} ${plural(n, "row", "rows")}`;

/** Failed rows listed in the panel; the download has them all. */
const FAILED_SHOWN = 100;

type Phase = { step: "pick" } | { step: "importing"; done: number | null } | { step: "done"; imported: number; failed: FailedRow[] };

/** "Import records": a CSV or JSON file, its columns mapped to fields, imported with a progress bar. */
export default function RecordsImportPanel({ open, onClose, collection }: RecordsImportPanelProps) {
  const formId = useId();
  const qc = useQueryClient();
  const { targets, fileFields } = useMemo(() => importTargets(collection), [collection]);
  const [file, setFile] = useState<(ImportFile & { name: string }) | null>(null);
  const [fileError, setFileError] = useState("");
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [atomic, setAtomic] = useState(false);
  const [phase, setPhase] = useState<Phase>({ step: "pick" });
  const importing = phase.step === "importing";
  const mapped = Object.values(mapping).filter(Boolean).length;

  const load = async (f: File | undefined) => {
    setFile(null);
    setFileError("");
    setPhase({ step: "pick" });
    if (!f) return;
    try {
      const parsed = parseImportFile(f.name, await f.text());
      if (parsed.rows.length === 0) throw new Error("The file has no rows.");
      setFile({ ...parsed, name: f.name });
      setMapping(defaultMapping(parsed.columns, targets));
    } catch (err) {
      setFileError(err instanceof Error ? err.message : String(err));
    }
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!file || importing || mapped === 0) return;
    const rows = file.rows.map((r) => rowBody(r, mapping, targets, file.kind));
    setPhase({ step: "importing", done: 0 });
    try {
      const outcome = await importRecords(collection, { rows, atomic, onProgress: (done) => setPhase({ step: "importing", done }) });
      setPhase({ step: "done", imported: outcome.imported, failed: outcome.failed.map((f) => ({ row: f.index + 1, errors: errorLines(f.error) })) });
    } catch (err) {
      handleError(err);
      setPhase({ step: "pick" });
    } finally {
      void qc.invalidateQueries({ queryKey: recordsKeys.lists(collection.id) });
    }
  };

  const footer =
    phase.step === "done" ? (
      <button type="button" className="btn btn-primary" onClick={onClose}>
        Close
      </button>
    ) : (
      <FormFooter formId={formId} busy={importing} canSubmit={!!file && !importing && mapped > 0} submitLabel={file ? `Import ${rowsText(file.rows.length)}` : "Import"} dismissLabel="Cancel" onDismiss={onClose} />
    );

  return (
    <OverlayPanel open={open} onClose={onClose} beforeHide={() => !importing} size="lg" title={`Import ${collection.name} records`} footer={footer}>
      <form id={formId} className="form records-transfer" noValidate onSubmit={(e) => void submit(e)} aria-label="Import records">
        <Field name="importFile" label="CSV or JSON file" error={fileError} hint="CSV: a header row naming the columns. JSON: an array of objects. Relations by record id.">
          {(p) => <input {...p} type="file" accept=".csv,.json,text/csv,application/json" disabled={importing} onChange={(e) => void load(e.target.files?.[0])} />}
        </Field>
        {fileFields.length ? (
          <div className="alert alert-info">
            <Icon name="info" />
            <span>
              File fields are skipped (files cannot be imported): <span className="txt-mono">{fileFields.join(", ")}</span>.
            </span>
          </div>
        ) : null}
        {file ? (
          <>
            <p className="txt-hint">
              {rowsText(file.rows.length)} in {file.name}. Each column goes into the field of the same name; change it below, or leave a column out.
            </p>
            <ImportMapping file={file} targets={targets} mapping={mapping} disabled={importing || phase.step === "done"} onChange={setMapping} />
            <label className="checkbox-label">
              <input type="checkbox" checked={atomic} disabled={importing || phase.step === "done"} onChange={(e) => setAtomic(e.target.checked)} />
              <span>All or nothing: import no row if any row fails</span>
            </label>
          </>
        ) : null}
        {phase.step === "importing" ? (
          <ProgressBar
            label="Import progress"
            fraction={phase.done === null || !file ? null : phase.done / file.rows.length}
            text={phase.done === null ? "Importing all rows in one transaction..." : `${phase.done} of ${file?.rows.length ?? 0} rows`}
          />
        ) : null}
        {phase.step === "done" && file ? <ImportSummary imported={phase.imported} failed={phase.failed} onDownload={() => downloadBlob(new Blob([failedRowsCsv(file, phase.failed)], { type: "text/csv" }), `${collection.name}-failed-rows.csv`)} /> : null}
      </form>
    </OverlayPanel>
  );
}

function ImportSummary({ imported, failed, onDownload }: { imported: number; failed: FailedRow[]; onDownload: () => void }) {
  return (
    <div className="records-import-summary" role="status">
      <p className="records-import-count">
        {imported} imported{failed.length ? `, ${failed.length} failed` : ""}.
      </p>
      {failed.length ? (
        <>
          <ul className="records-import-failures" aria-label="Failed rows">
            {failed.slice(0, FAILED_SHOWN).map((f) => (
              <li key={f.row}>
                <strong>Row {f.row}</strong>: {f.errors.join("; ")}
              </li>
            ))}
          </ul>
          {failed.length > FAILED_SHOWN ? <p className="txt-hint">and {failed.length - FAILED_SHOWN} more (all are in the download).</p> : null}
          <button type="button" className="btn btn-secondary" onClick={onDownload}>
            <Icon name="download" size={16} /> Download failed rows (CSV)
          </button>
        </>
      ) : null}
    </div>
  );
}
