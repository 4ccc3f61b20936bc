import { useEffect, useMemo, useRef, useState } from "react";
import { Icon } from "../../components/Icon";
import { Spinner } from "../../components/Spinner";
import { useExportCollections } from "../../data/sync/exportCollections";
import { copyText } from "../../lib/clipboard";
import { downloadJson } from "../../lib/download";
import { handleError } from "../../lib/errors";
import { registerShortcut } from "../../lib/shortcuts";
import { addSuccessToast } from "../../lib/toasts";
import { SettingsLayout } from "../settings/SettingsLayout";
import { buildExportPayload, EXPORT_COPIED_MESSAGE, EXPORT_COPY_TOAST_MS, EXPORT_FILE_NAME, exportText } from "./exportModel";
import "./sync.css";

export const EXPORT_TITLE = "Export collections";

/** Ctrl/Cmd+A inside the preview selects the preview's text only, not the whole page. */
function usePreviewSelectAll(preview: React.RefObject<HTMLElement | null>) {
  useEffect(
    () =>
      registerShortcut({
        key: "a",
        mod: true,
        allowInInputs: true,
        description: "Select the preview's text",
        handler: (e) => {
          const el = preview.current;
          if (!el || !(e.target instanceof Node) || !el.contains(e.target)) return false;
          const range = document.createRange();
          range.selectNodeContents(el);
          const selection = window.getSelection();
          selection?.removeAllRanges();
          selection?.addRange(range);
          return true;
        },
      }),
    [preview],
  );
}

export default function ExportCollectionsPage() {
  const query = useExportCollections();
  const collections = useMemo(() => query.data ?? [], [query.data]);
  const [selected, setSelected] = useState<Set<string> | null>(null);
  const previewRef = useRef<HTMLPreElement>(null);
  usePreviewSelectAll(previewRef);

  useEffect(() => {
    if (query.error) handleError(query.error);
  }, [query.error]);

  // Everything starts selected once the list arrives.
  useEffect(() => {
    if (query.data && selected === null) setSelected(new Set(query.data.map((c) => c.id)));
  }, [query.data, selected]);

  const chosen = selected ?? new Set<string>();
  const payload = useMemo(() => buildExportPayload(collections, chosen), [collections, chosen]);
  const text = useMemo(() => exportText(payload), [payload]);
  const allSelected = collections.length > 0 && collections.every((c) => chosen.has(c.id));

  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev ?? []);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <SettingsLayout title={EXPORT_TITLE} className="sync-page">
      <section className="content-panel sync-panel" aria-label={EXPORT_TITLE} aria-busy={query.isPending}>
        {query.isPending ? (
          <div className="sync-loader">
            <Spinner size="lg" label="Loading collections..." />
          </div>
        ) : (
          <>
            <p className="sync-intro">
              Below is the configuration of your collections. Choose what to include, then copy it or download it as a JSON file to import it into another
              environment.
            </p>
            <div className="export-grid">
              <fieldset className="export-list">
                <legend className="visually-hidden">Collections to export</legend>
                <label className="export-list-item export-list-all">
                  <input
                    type="checkbox"
                    checked={allSelected}
                    disabled={!collections.length}
                    onChange={() => setSelected(allSelected ? new Set() : new Set(collections.map((c) => c.id)))}
                  />
                  <span>Select all</span>
                </label>
                {collections.map((c) => (
                  <label key={c.id} className="export-list-item">
                    <input type="checkbox" checked={chosen.has(c.id)} onChange={() => toggle(c.id)} />
                    <span className="export-list-name">{c.name}</span>
                  </label>
                ))}
              </fieldset>
              <div className="export-preview-wrap">
                <pre ref={previewRef} className="code-block export-preview" tabIndex={0} aria-label="Configuration preview" data-testid="export-preview">
                  {text}
                </pre>
                <button
                  type="button"
                  className="btn btn-secondary btn-sm export-copy"
                  onClick={async () => {
                    if (await copyText(text)) addSuccessToast(EXPORT_COPIED_MESSAGE, EXPORT_COPY_TOAST_MS);
                  }}
                >
                  <Icon name="copy" size={15} />
                  Copy
                </button>
              </div>
            </div>
            <div className="sync-footer">
              <span className="txt-hint">
                {payload.length} of {collections.length} collections selected
              </span>
              <button type="button" className="btn btn-primary" disabled={!payload.length} onClick={() => downloadJson(payload, EXPORT_FILE_NAME)}>
                <Icon name="download" size={16} />
                Download as JSON
              </button>
            </div>
          </>
        )}
      </section>
    </SettingsLayout>
  );
}
