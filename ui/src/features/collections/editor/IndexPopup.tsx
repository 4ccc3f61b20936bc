import { lazy, Suspense, useId, useState } from "react";
import { OverlayPanel } from "../../../components/OverlayPanel";
import { VALIDATION_MESSAGES } from "../../../lib/validation";
import { CIcon } from "../icons";
import { hasColumns, parseIndex, setIndexUnique, toggleIndexColumn } from "./indexes";
import { CodeFallback } from "../../../components/CodeFallback";

const CodeEditor = lazy(() => import("./CodeEditor"));

export interface IndexPopupProps {
  open: boolean;
  /** The statement being edited (a fresh one for a new index). */
  initial: string;
  isNew: boolean;
  /** Column presets: schema field names plus created and updated. */
  columns: string[];
  onSubmit: (sql: string) => void;
  onDelete: () => void;
  onClose: () => void;
}

/** 'Create index' / 'Update index': Unique, the SQL statement, clickable column presets. */
export function IndexPopup({ open, initial, isNew, columns, onSubmit, onDelete, onClose }: IndexPopupProps) {
  const [sql, setSql] = useState(initial);
  const [error, setError] = useState("");
  const id = useId();
  const parsed = parseIndex(sql);
  const picked = new Set(parsed.columns.map((c) => c.name.toLowerCase()));
  const canSet = hasColumns(sql);

  const submit = () => {
    if (!sql.trim()) {
      setError(VALIDATION_MESSAGES.required);
      return;
    }
    if (!canSet) return;
    onSubmit(sql.trim());
  };

  return (
    <OverlayPanel
      open={open}
      onClose={onClose}
      title={isNew ? "Create index" : "Update index"}
      size="popup"
      className="index-popup"
      footer={
        <>
          {!isNew ? (
            <button type="button" className="btn btn-transparent btn-danger-txt footer-start" onClick={onDelete}>
              <CIcon name="trash" size={16} /> Delete
            </button>
          ) : null}
          <button type="button" className="btn btn-transparent" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={!canSet} onClick={submit}>
            Set index
          </button>
        </>
      }
    >
      <div className="form">
        <label className="checkbox-label">
          <input type="checkbox" checked={parsed.unique} disabled={!parsed.indexName} onChange={(e) => setSql(setIndexUnique(sql, e.target.checked))} />
          <span>Unique</span>
        </label>
        <div className={`field${error ? " field-error" : ""}`}>
          <label htmlFor={`${id}-sql`} className="label-required">
            Index statement
          </label>
          <Suspense fallback={<CodeFallback id={`${id}-sql`} value={sql} onChange={(e) => setSql(e.target.value)} rows={4} />}>
            <CodeEditor
              id={`${id}-sql`}
              language="sql"
              label="Index statement"
              value={sql}
              invalid={!!error}
              describedBy={error ? `${id}-error` : undefined}
              onChange={(v) => {
                setSql(v);
                setError("");
              }}
            />
          </Suspense>
          {error ? (
            <div id={`${id}-error`} className="field-error-message" role="alert">
              {error}
            </div>
          ) : null}
        </div>
        {columns.length ? (
          <div className="index-presets">
            <span className="txt-hint txt-sm" id={`${id}-presets`}>
              Presets (click to add or remove a column):
            </span>
            <div className="index-presets-list" role="group" aria-labelledby={`${id}-presets`}>
              {columns.map((c) => (
                <button key={c} type="button" className={`chip-btn${picked.has(c.toLowerCase()) ? " active" : ""}`} aria-pressed={picked.has(c.toLowerCase())} disabled={!parsed.indexName} onClick={() => setSql(toggleIndexColumn(sql, c))}>
                  {c}
                </button>
              ))}
            </div>
          </div>
        ) : null}
      </div>
    </OverlayPanel>
  );
}
