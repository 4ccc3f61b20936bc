import "./collections.css";
import { Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useCollections } from "../../data/collections/collectionsList";
import { collectionsKeys } from "../../data/collections/keys";
import { recordsKeys } from "../../data/records/keys";
import { requestNewRecord } from "../records/panelStore";
import { newCollectionRequest } from "./editorRequest";
import type { Collection, CollectionType } from "../../data/collections/types";
import { Tooltip } from "../../components/Tooltip";
import { Spinner } from "../../components/Spinner";
import { appInfoStore } from "../../lib/appInfo";
import { onCollectionsChanged } from "../../lib/collectionsChannel";
import { handleError } from "../../lib/errors";
import { currentLocation, navigate, setQueryParams, useHashLocation } from "../../lib/router";
import { useStore } from "../../lib/store";
import { usePageTitle } from "../../lib/title";
import { lazyWithPreload, useLoaded } from "../../lib/lazyWithPreload";
import { RecordsSection } from "../records/LazyRecordsSection";
import { RecordsTransferButtons } from "../records/transfer/RecordsTransferButtons";
import { CollectionsSidebar } from "./CollectionsSidebar";
import { CIcon, CollectionTypeIcon, COLLECTION_TYPE_LABELS } from "./icons";
import { collectionHref, readPageQuery } from "./pageState";
import { resolveActive, sortCollections } from "./sidebarModel";

const CollectionEditorPanel = lazyWithPreload(() => import("./editor/CollectionEditorPanel"));
const ApiDocsPanel = lazyWithPreload(() => import("./docs/ApiDocsPanel"));
const loadEditor = CollectionEditorPanel.preload;
const loadDocs = ApiDocsPanel.preload;
const loadRecords = RecordsSection.preload;

export const EMPTY_CREATE_FIRST = "Create your first collection to add records!";
export const EMPTY_RESTRICTED = "You don't have any collections yet.";
export const LOADING_COLLECTIONS = "Loading collections...";
export const LOAD_FAILED = "Failed to load the collections.";
export const REFRESH_TOOLTIP_HIDE_MS = 150;

interface EditorState {
  session: number;
  open: boolean;
  collection: Collection | null;
}

/** /collections: the collections sidebar, the selected collection's header, the editor and the API docs panel. */
export default function CollectionsPage() {
  usePageTitle("Collections");
  const { query } = useHashLocation();
  const pageQuery = readPageQuery(query);
  const qc = useQueryClient();
  const collectionsQ = useCollections();
  const { hideControls } = useStore(appInfoStore);
  const sorted = useMemo(() => (collectionsQ.data ? sortCollections(collectionsQ.data) : undefined), [collectionsQ.data]);
  const active = sorted ? resolveActive(sorted, pageQuery.collectionId) : null;
  const [editor, setEditor] = useState<EditorState>({ session: 0, open: false, collection: null });
  const [docs, setDocs] = useState({ session: 0, open: false });
  // Panels mount once their code is there (useLoaded), not behind a suspended boundary.
  const editorLoaded = useLoaded(CollectionEditorPanel, editor.session > 0);
  const docsLoaded = useLoaded(ApiDocsPanel, docs.session > 0);

  useEffect(() => {
    if (collectionsQ.error) handleError(collectionsQ.error);
  }, [collectionsQ.error]);

  // Another tab saved or deleted a collection.
  useEffect(() => onCollectionsChanged(() => void qc.invalidateQueries({ queryKey: collectionsKeys.list() })), [qc]);

  // An unknown or missing id shows the first collection; the address follows (filter, sort and record reset).
  useEffect(() => {
    if (!active || active.id === pageQuery.collectionId) return;
    // the user may have left the page meanwhile: never pull them back
    const loc = currentLocation();
    if (loc.path !== "/collections" || (loc.query.get("collectionId") ?? "") !== pageQuery.collectionId) return;
    navigate(collectionHref(active.id), { replace: true });
  }, [active, pageQuery.collectionId]);

  const openEditor = useCallback((collection: Collection | null) => {
    setEditor((s) => ({ session: s.session + 1, open: true, collection }));
  }, []);
  // The command palette's New collection.
  const newCollectionRequested = useStore(newCollectionRequest);
  useEffect(() => {
    if (!newCollectionRequested) return;
    newCollectionRequest.set(false);
    if (!hideControls) openEditor(null);
  }, [newCollectionRequested, hideControls, openEditor]);
  const closeEditor = useCallback(() => setEditor((s) => ({ ...s, open: false })), []);

  const onSaved = useCallback((saved: Collection, isNew: boolean) => {
    if (isNew) navigate(collectionHref(saved.id));
  }, []);
  const onDeleted = useCallback(
    (deleted: Collection) => {
      if (deleted.id === active?.id) setQueryParams({ collectionId: null, filter: null, sort: null, recordId: null });
    },
    [active?.id],
  );

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: collectionsKeys.list() });
    void qc.invalidateQueries({ queryKey: recordsKeys.all });
  };

  let content: React.ReactNode;
  if (!sorted && collectionsQ.isError) {
    content = (
      <div className="collections-state">
        <p className="collections-state-title">{LOAD_FAILED}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void collectionsQ.refetch()}>
          <CIcon name="refresh" size={16} /> Try again
        </button>
      </div>
    );
  } else if (!sorted) {
    content = (
      <div className="collections-state">
        <Spinner label={LOADING_COLLECTIONS} />
        <p className="txt-hint">{LOADING_COLLECTIONS}</p>
      </div>
    );
  } else if (!active) {
    content = (
      <div className="collections-state">
        <div className="placeholder-art" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
        {hideControls ? (
          <p className="collections-state-title">{EMPTY_RESTRICTED}</p>
        ) : (
          <>
            <p className="collections-state-title">{EMPTY_CREATE_FIRST}</p>
            <button type="button" className="btn btn-primary" onClick={() => openEditor(null)} onMouseEnter={() => void loadEditor()}>
              <CIcon name="plus" size={16} /> Create new collection
            </button>
          </>
        )}
      </div>
    );
  } else {
    content = (
      <>
        <header className="page-header">
          <nav aria-label="Breadcrumb" className="breadcrumbs">
            <ol>
              <li className="breadcrumb-item">Collections</li>
              <li className="breadcrumb-item" aria-current="page">
                <h1 className="page-title collection-title">
                  <CollectionTypeIcon type={active.type} size={20} />
                  {active.name}
                </h1>
              </li>
            </ol>
          </nav>
          <div className="page-header-actions">
            <span className={`chip collection-type-chip type-${active.type}`}>{COLLECTION_TYPE_LABELS[active.type as CollectionType]}</span>
            {!hideControls ? (
              <Tooltip text="Edit collection" position="bottom">
                <button type="button" className="btn-icon" aria-label="Edit collection" onClick={() => openEditor(active)} onMouseEnter={() => void loadEditor()}>
                  <CIcon name="gear" />
                </button>
              </Tooltip>
            ) : null}
            <Tooltip text="Refresh" position="bottom" hideOnClickMs={REFRESH_TOOLTIP_HIDE_MS}>
              <button type="button" className="btn-icon" aria-label="Refresh" onClick={refresh}>
                <CIcon name="refresh" />
              </button>
            </Tooltip>
            <div className="page-header-end">
              <RecordsTransferButtons collection={active} search={pageQuery.filter} sort={query.get("sort") ?? ""} />
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => setDocs((d) => ({ session: d.session + 1, open: true }))}
                onMouseEnter={() => void loadDocs()}
              >
                <CIcon name="code" size={16} /> API Preview
              </button>
              {active.type !== "view" ? (
                <button type="button" className="btn btn-primary" onClick={requestNewRecord} onMouseEnter={() => void loadRecords()}>
                  <CIcon name="plus" size={16} /> New record
                </button>
              ) : null}
            </div>
          </div>
        </header>
        <Suspense fallback={<Spinner label="Loading records..." />}>
          <RecordsSection key={active.id} collection={active} collections={sorted ?? []} filter={pageQuery.filter} sort={query.get("sort") ?? ""} recordId={pageQuery.recordId} />
        </Suspense>
      </>
    );
  }

  return (
    <div className="collections-page">
      <CollectionsSidebar collections={sorted ?? (collectionsQ.isError ? [] : undefined)} activeId={active?.id} hideControls={hideControls} onNew={() => openEditor(null)} onNewIntent={() => void loadEditor()} />
      <div className="page collections-content">{content}</div>
      {editor.session > 0 && editorLoaded ? (
        <Suspense fallback={null}>
          <CollectionEditorPanel
            key={editor.session}
            open={editor.open}
            collection={editor.collection}
            collections={sorted ?? []}
            onClose={closeEditor}
            onSaved={onSaved}
            onDeleted={onDeleted}
          />
        </Suspense>
      ) : null}
      {docs.session > 0 && docsLoaded && active ? (
        <Suspense fallback={null}>
          <ApiDocsPanel key={docs.session} open={docs.open} collection={active} collections={sorted ?? []} onClose={() => setDocs((d) => ({ ...d, open: false }))} />
        </Suspense>
      ) : null}
    </div>
  );
}
