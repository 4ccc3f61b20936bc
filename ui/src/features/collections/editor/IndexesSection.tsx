import { useState } from "react";
import { Tooltip } from "../../../components/Tooltip";
import { formErrorsStore, fieldErrorMessage, setFormErrors } from "../../../lib/formErrors";
import { useStore } from "../../../lib/store";
import { CIcon } from "../icons";
import { useEditor } from "./editorContext";
import { indexLabel, newIndexSql, parseIndex } from "./indexes";
import { IndexPopup } from "./IndexPopup";

interface PopupState {
  session: number;
  open: boolean;
  /** -1 for a new index. */
  index: number;
  sql: string;
}

/** 'Unique constraints and indexes (N)': index chips (red with the server message on error) and 'New index'. */
export function IndexesSection() {
  const { form, update } = useEditor();
  const errors = useStore(formErrorsStore);
  const [popup, setPopup] = useState<PopupState>({ session: 0, open: false, index: -1, sql: "" });
  const columns = [...form.schema.filter((f) => !f.toDelete && f.name).map((f) => f.name), "created", "updated"];

  // Editing the list drops the per-index server errors (their positions no longer match).
  const clearIndexErrors = () => {
    const e = formErrorsStore.get();
    if (e.indexes) {
      const { indexes: _drop, ...rest } = e;
      setFormErrors(rest);
    }
  };

  const close = () => setPopup((p) => ({ ...p, open: false }));

  return (
    <section className="indexes-section" aria-labelledby="indexes-title">
      <h3 id="indexes-title" className="section-title">
        Unique constraints and indexes ({form.indexes.length})
      </h3>
      <div className="indexes-list">
        {form.indexes.map((sql, i) => {
          const message = fieldErrorMessage(errors, `indexes.${i}`);
          const parsed = parseIndex(sql);
          const chip = (
            <button
              type="button"
              className={`index-chip${message ? " error" : ""}`}
              aria-label={`Edit index ${parsed.indexName || i + 1}${message ? ` (error: ${message})` : ""}`}
              onClick={() => setPopup((p) => ({ session: p.session + 1, open: true, index: i, sql }))}
            >
              {parsed.unique ? <strong className="index-unique">Unique:</strong> : null}
              <span>{indexLabel(sql)}</span>
              {message ? <CIcon name="alert" size={14} /> : null}
            </button>
          );
          return message ? (
            <Tooltip key={i} text={message}>
              {chip}
            </Tooltip>
          ) : (
            <span key={i}>{chip}</span>
          );
        })}
        <button
          type="button"
          className="btn btn-sm btn-transparent"
          onClick={() => setPopup((p) => ({ session: p.session + 1, open: true, index: -1, sql: newIndexSql(form.name || "collection") }))}
        >
          <CIcon name="plus" size={14} /> New index
        </button>
      </div>
      {popup.session > 0 ? (
        <IndexPopup
          key={popup.session}
          open={popup.open}
          initial={popup.sql}
          isNew={popup.index < 0}
          columns={columns}
          onClose={close}
          onDelete={() => {
            clearIndexErrors();
            update((f) => ({ ...f, indexes: f.indexes.filter((_, i) => i !== popup.index) }));
            close();
          }}
          onSubmit={(sql) => {
            clearIndexErrors();
            update((f) => ({ ...f, indexes: popup.index < 0 ? [...f.indexes, sql] : f.indexes.map((s, i) => (i === popup.index ? sql : s)) }));
            close();
          }}
        />
      ) : null}
    </section>
  );
}
