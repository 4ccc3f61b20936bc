import { Suspense, useEffect, useId, useMemo, useRef, useState } from "react";
import { lazyWithPreload, useLoaded } from "../../lib/lazyWithPreload";
import { HiddenFileInput } from "../../components/HiddenFileInput";
import { Icon } from "../../components/Icon";
import { Spinner } from "../../components/Spinner";
import { useImportBaseCollections, useImportCollections } from "../../data/sync/importCollections";
import { confirm } from "../../lib/confirm";
import { handleError } from "../../lib/errors";
import { addErrorToast, addSuccessToast } from "../../lib/toasts";
import { SettingsLayout } from "../settings/SettingsLayout";
import { DetectedChanges } from "./DetectedChanges";
import {
  countChanges,
  deleteConfirmText,
  deletedNames,
  detectChanges,
  importPayload,
  IMPORT_SUCCESS_MESSAGE,
  INVALID_IMPORT_MESSAGE,
  parseImport,
  replaceableCollections,
  replaceWithOriginalIds,
  UNREADABLE_IMPORT_MESSAGE,
} from "./importModel";
import "./sync.css";

// The diff popup (and its tables) load only when the user asks for a review.
const ImportDiffPopup = lazyWithPreload(() => import("./ImportDiffPopup"));

export const IMPORT_TITLE = "Import collections";

export default function ImportCollectionsPage() {
  const base = useImportBaseCollections();
  const runImport = useImportCollections();
  const [text, setText] = useState("");
  const [merge, setMerge] = useState(false);
  const [reviewOpen, setReviewOpen] = useState(false);
  const [reviewMounted, setReviewMounted] = useState(false);
  const reviewLoaded = useLoaded(ImportDiffPopup, reviewMounted);
  const [loadingFile, setLoadingFile] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const textareaId = useId();
  const errorId = useId();

  useEffect(() => {
    if (base.error) handleError(base.error);
  }, [base.error]);

  const existing = useMemo(() => (base.data ?? []) as unknown as Record<string, unknown>[], [base.data]);
  const parsed = useMemo(() => parseImport(text), [text]);
  const { collections: toImport, deleteMissing } = useMemo(() => importPayload(existing, parsed.collections, merge), [existing, parsed.collections, merge]);
  const changes = useMemo(() => detectChanges(existing, toImport, deleteMissing), [existing, toImport, deleteMissing]);
  const replaceable = useMemo(() => (parsed.valid ? replaceableCollections(existing, parsed.collections) : []), [existing, parsed]);
  const total = countChanges(changes);
  const invalid = text.trim() !== "" && !parsed.valid;
  const loading = base.isPending || loadingFile;
  const canReview = parsed.valid && total > 0 && !loading;

  const clear = () => {
    setText("");
    setMerge(false);
  };

  const loadFile = (file: File) => {
    setText("");
    setLoadingFile(true);
    const reader = new FileReader();
    reader.onload = () => {
      setLoadingFile(false);
      if (fileInput.current) fileInput.current.value = "";
      const content = String(reader.result ?? "");
      if (!parseImport(content).collections.length) {
        addErrorToast(INVALID_IMPORT_MESSAGE);
        clear();
        return;
      }
      setText(content);
    };
    reader.onerror = () => {
      console.warn(reader.error);
      setLoadingFile(false);
      if (fileInput.current) fileInput.current.value = "";
      addErrorToast(UNREADABLE_IMPORT_MESSAGE);
    };
    reader.readAsText(file);
  };

  const submit = async () => {
    try {
      await runImport.mutateAsync({ collections: toImport, deleteMissing });
      addSuccessToast(IMPORT_SUCCESS_MESSAGE);
      setReviewOpen(false);
      clear();
      await base.refetch();
    } catch (err) {
      handleError(err);
    }
  };

  const confirmAndImport = () => {
    const names = deleteMissing ? deletedNames(existing, toImport) : [];
    if (names.length) confirm(deleteConfirmText(names), submit);
    else void submit();
  };

  return (
    <SettingsLayout title={IMPORT_TITLE} className="sync-page">
      <section className="content-panel sync-panel" aria-label={IMPORT_TITLE} aria-busy={loading}>
        {base.isPending ? (
          <div className="sync-loader">
            <Spinner size="lg" label="Loading collections..." />
          </div>
        ) : (
          <>
            <HiddenFileInput ref={fileInput} accept=".json,application/json" onFile={loadFile} />
            <div className="import-intro">
              <label htmlFor={textareaId}>Paste below the collections configuration you want to import or</label>
              <button type="button" className="btn btn-secondary btn-sm" disabled={loadingFile} onClick={() => fileInput.current?.click()}>
                {loadingFile ? <Spinner size="sm" label="Loading file..." /> : <Icon name="upload" size={15} />}
                Load from JSON file
              </button>
            </div>
            <div className={`field${invalid ? " field-error" : ""}`}>
              <textarea
                id={textareaId}
                name="collections"
                className="import-textarea"
                rows={14}
                spellCheck={false}
                autoComplete="off"
                value={text}
                disabled={loadingFile}
                aria-invalid={invalid || undefined}
                aria-describedby={invalid ? errorId : undefined}
                onChange={(e) => setText(e.target.value)}
              />
              {invalid ? (
                <div id={errorId} className="field-error-message" role="alert">
                  {INVALID_IMPORT_MESSAGE}
                </div>
              ) : null}
            </div>

            {parsed.valid ? (
              <label className="checkbox-label import-merge">
                <input type="checkbox" checked={merge} onChange={(e) => setMerge(e.target.checked)} />
                Merge with the existing collections
              </label>
            ) : null}

            {parsed.valid && total === 0 ? (
              <div className="alert alert-info" role="status">
                <Icon name="info" />
                <span>Your collections configuration is already up-to-date.</span>
              </div>
            ) : null}

            {parsed.valid && total > 0 ? <DetectedChanges changes={changes} /> : null}

            {replaceable.length > 0 ? (
              <div className="alert alert-warning import-replace">
                <Icon name="alert" />
                <div>
                  <p>
                    Some imported collections share a name or field names with existing ones but carry different ids ({replaceable.map((c) => c.name).join(", ")}).
                    Importing them as they are would create new collections and fields instead of updating yours.
                  </p>
                  <button type="button" className="btn btn-secondary btn-sm" onClick={() => setText(JSON.stringify(replaceWithOriginalIds(existing, parsed.collections), null, 2))}>
                    Replace with original ids
                  </button>
                </div>
              </div>
            ) : null}

            <div className="sync-footer">
              {text ? (
                <button type="button" className="btn btn-transparent" onClick={clear}>
                  Clear
                </button>
              ) : null}
              <button
                type="button"
                className="btn btn-primary"
                disabled={!canReview}
                onClick={() => {
                  setReviewMounted(true);
                  setReviewOpen(true);
                }}
              >
                Review
                <Icon name="arrowRight" size={16} />
              </button>
            </div>
          </>
        )}
      </section>
      {reviewMounted && reviewLoaded ? (
        <Suspense fallback={null}>
          <ImportDiffPopup open={reviewOpen} changes={changes} importing={runImport.isPending} onClose={() => setReviewOpen(false)} onConfirm={confirmAndImport} />
        </Suspense>
      ) : null}
    </SettingsLayout>
  );
}
