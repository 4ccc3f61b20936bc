import "./editor.css";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { Menu } from "../../../components/Menu";
import { OverlayPanel } from "../../../components/OverlayPanel";
import { Tooltip } from "../../../components/Tooltip";
import { TabList, TabPanel, Tabs, type TabItem } from "../../../components/Tabs";
import { Field } from "../../../components/Field";
import { useDeleteCollection } from "../../../data/collections/deleteCollection";
import { useSaveCollection } from "../../../data/collections/saveCollection";
import type { Collection, CollectionType } from "../../../data/collections/types";
import { confirm } from "../../../lib/confirm";
import { handleError, normalizeError } from "../../../lib/errors";
import { clearFormErrors, formErrorsStore, setFormErrors } from "../../../lib/formErrors";
import { useSaveShortcut } from "../../../lib/useSaveShortcut";
import { useStore } from "../../../lib/store";
import { addErrorToast, addSuccessToast } from "../../../lib/toasts";
import { CIcon, COLLECTION_TYPE_LABELS, CollectionTypeIcon } from "../icons";
import { AuthOptionsTab } from "./AuthOptionsTab";
import { ConfirmChangesPopup } from "./ConfirmChangesPopup";
import { EditorContext, type EditorContextValue } from "./editorContext";
import {
  buildPayload,
  changeSummary,
  duplicateCollection,
  hasChanges,
  needsConfirmation,
  remapServerErrors,
  renameCollection,
  setCollectionType,
  tabErrors,
  toForm,
  validateForm,
  type CollectionForm,
  type EditorTab,
} from "./editorModel";
import { FieldsTab } from "./FieldsTab";
import { RulesTab } from "./RulesTab";
import { ViewQueryTab } from "./ViewQueryTab";
import { BusyButton } from "../../../components/BusyButton";

export const MSG_CREATED = "Successfully created collection.";
export const MSG_UPDATED = "Successfully updated collection.";
export const msgDeleted = (name: string) => `Successfully deleted collection "${name}".`;
export const confirmDeleteText = (name: string) => `Do you really want to delete collection "${name}" and all its records?`;
export const CONFIRM_CLOSE = "You have unsaved changes. Do you really want to close the panel?";
export const CONFIRM_DISCARD = "You have unsaved changes. Do you really want to discard them?";
export const SYSTEM_COLLECTION_NOTE = "System collection";
export const FIX_ERRORS_MESSAGE = "Please fix the highlighted errors.";

/** Type chooser order. */
const TYPES: CollectionType[] = ["base", "view", "auth"];

export interface CollectionEditorPanelProps {
  open: boolean;
  /** The collection to edit; null for a new one. */
  collection: Collection | null;
  initialType?: CollectionType;
  collections: Collection[];
  onClose: () => void;
  onSaved?: (saved: Collection, isNew: boolean) => void;
  onDeleted?: (deleted: Collection) => void;
}

/** A tab's label with the 'Has errors' marker of its fields. */
function TabLabel({ label, error }: { label: string; error: string }) {
  return (
    <>
      {label}
      {error ? (
        <Tooltip text={error}>
          <span className="tab-error" role="img" aria-label={error}>
            <CIcon name="alert" size={14} />
          </span>
        </Tooltip>
      ) : null}
    </>
  );
}

function tabItem(value: EditorTab, label: string, error: string): TabItem<EditorTab> {
  return { value, label: <TabLabel label={label} error={error} />, className: error ? "has-error" : undefined };
}

/** The collection editor overlay ('New collection' / 'Edit collection'). */
export default function CollectionEditorPanel({ open, collection, initialType = "base", collections, onClose, onSaved, onDeleted }: CollectionEditorPanelProps) {
  const id = useId();
  const [initial, setInitial] = useState<CollectionForm | null>(() => toForm(collection, initialType));
  const [form, setForm] = useState<CollectionForm>(() => toForm(collection, initialType));
  const [tab, setTab] = useState<EditorTab>("fields");
  const [confirmOpen, setConfirmOpen] = useState(false);
  const save = useSaveCollection();
  const del = useDeleteCollection();
  const errors = useStore(formErrorsStore);
  const saving = save.isPending;
  const isNew = !form.id;
  const changed = hasChanges(initial, form);
  const canSave = (isNew || changed) && !saving;
  const summary = useMemo(() => changeSummary(initial, form), [initial, form]);
  const markers = tabErrors(errors, form.type);
  const closingRef = useRef(false);

  useEffect(() => {
    clearFormErrors();
    return () => clearFormErrors();
  }, []);

  // Leaving auth while on its Options tab returns to the Fields tab.
  useEffect(() => {
    if (tab === "options" && form.type !== "auth") setTab("fields");
  }, [tab, form.type]);

  const update = useCallback((fn: (f: CollectionForm) => CollectionForm) => setForm((f) => fn(f)), []);
  const ctx = useMemo<EditorContextValue>(() => ({ form, update, collections }), [form, update, collections]);

  const forceClose = () => {
    closingRef.current = true;
    onClose();
  };

  const beforeHide = () => {
    if (saving) return false;
    if (closingRef.current || !changed) return true;
    confirm(CONFIRM_CLOSE, forceClose);
    return false;
  };

  const submit = async () => {
    const { body, schemaKeys } = buildPayload(form);
    try {
      const saved = await save.mutateAsync({ id: form.id, payload: body });
      setConfirmOpen(false);
      clearFormErrors();
      addSuccessToast(isNew ? MSG_CREATED : MSG_UPDATED);
      const next = toForm(saved);
      setInitial(next);
      setForm(next);
      onSaved?.(saved, isNew);
      forceClose();
    } catch (err) {
      setConfirmOpen(false);
      handleError(err);
      const data = normalizeError(err).response.data;
      if (data && typeof data === "object" && Object.keys(data).length) setFormErrors(remapServerErrors(data as Record<string, unknown>, schemaKeys));
    }
  };

  const onSubmit = (e?: React.FormEvent) => {
    e?.preventDefault();
    // a nested editor (relation field shortcut) lives in a portal: its submit must not reach this form
    e?.stopPropagation();
    if (!canSave) return;
    const clientErrors = validateForm(form);
    if (Object.keys(clientErrors).length) {
      setFormErrors(clientErrors);
      const m = tabErrors(clientErrors, form.type);
      if (!clientErrors.name) setTab(m.fields ? "fields" : m.rules ? "rules" : m.options ? "options" : tab);
      addErrorToast(FIX_ERRORS_MESSAGE);
      return;
    }
    if (!isNew && needsConfirmation(summary)) {
      setConfirmOpen(true);
      return;
    }
    void submit();
  };

  // Ctrl/Cmd+S saves (the newest editor, e.g. a nested one, takes it first).
  useSaveShortcut(open, onSubmit, confirmOpen);

  const duplicate = () => {
    const run = (source: CollectionForm) => {
      clearFormErrors();
      setForm(duplicateCollection(source));
      setInitial(null);
      setTab("fields");
    };
    if (changed) confirm(CONFIRM_DISCARD, () => run(initial ?? form));
    else run(form);
  };

  const remove = () => {
    if (!collection) return;
    confirm(confirmDeleteText(collection.name), async () => {
      try {
        await del.mutateAsync(collection.id);
        addSuccessToast(msgDeleted(collection.name));
        onDeleted?.(collection);
        forceClose();
      } catch (err) {
        handleError(err);
      }
    });
  };

  const typeLabel = COLLECTION_TYPE_LABELS[form.type];
  const fieldsLabel = form.type === "view" ? "Query" : "Fields";
  const showMore = !isNew && !form.system;

  return (
    <EditorContext.Provider value={ctx}>
      <OverlayPanel
        open={open}
        onClose={onClose}
        beforeHide={beforeHide}
        title={isNew ? "New collection" : "Edit collection"}
        size="lg"
        className="collection-editor"
        escClose={!saving}
        overlayClose={!saving}
        headerActions={
          showMore ? (
            <Menu
              label="More collection actions"
              triggerClassName="btn-icon"
              trigger={<CIcon name="more" />}
              items={[
                { label: "Duplicate", icon: <CIcon name="copy" size={16} />, onSelect: duplicate },
                { label: "Delete", icon: <CIcon name="trash" size={16} />, danger: true, onSelect: remove },
              ]}
            />
          ) : null
        }
        footer={
          <>
            <button type="button" className="btn btn-transparent" disabled={saving} onClick={() => (beforeHide() ? onClose() : undefined)}>
              Cancel
            </button>
            <BusyButton className="btn btn-primary" busy={saving} type="submit" form={`${id}-form`} disabled={!canSave}>
              {isNew ? "Create" : "Save changes"}
            </BusyButton>
          </>
        }
      >
        <form id={`${id}-form`} className="collection-editor-form" onSubmit={onSubmit} noValidate aria-label={isNew ? "New collection" : "Edit collection"}>
          <div className="collection-editor-head">
            <Field name="name" label="Name" required className="collection-name-field">
              {(p) => (
                <input
                  {...p}
                  type="text"
                  value={form.name}
                  required
                  disabled={form.system}
                  placeholder='e.g. "posts"'
                  spellCheck={false}
                  autoComplete="off"
                  data-autofocus={isNew ? true : undefined}
                  onChange={(e) => update((f) => renameCollection(f, e.target.value))}
                />
              )}
            </Field>
            {isNew ? (
              <fieldset className="type-chooser">
                <legend>Type</legend>
                <div className="segmented">
                  {TYPES.map((t) => (
                    <label key={t} className={`segmented-item${form.type === t ? " active" : ""}`}>
                      <input type="radio" name={`${id}-type`} value={t} checked={form.type === t} onChange={() => update((f) => setCollectionType(f, t))} />
                      <CollectionTypeIcon type={t} size={15} />
                      <span>{COLLECTION_TYPE_LABELS[t]}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : (
              <div className="type-readonly">
                <span className="type-readonly-label">Type</span>
                <span className={`chip collection-type-chip type-${form.type}`}>
                  <CollectionTypeIcon type={form.type} size={13} /> {typeLabel}
                </span>
              </div>
            )}
          </div>
          {form.system ? (
            <p className="system-note">
              <CIcon name="lock" size={14} /> {SYSTEM_COLLECTION_NOTE}
            </p>
          ) : null}

          <Tabs value={tab} onChange={setTab}>
            <TabList
              label="Collection settings"
              tabs={[tabItem("fields", fieldsLabel, markers.fields), tabItem("rules", "API Rules", markers.rules), ...(form.type === "auth" ? [tabItem("options", "Options", markers.options)] : [])]}
            />
            <TabPanel className="tab-panel">
              {tab === "fields" ? form.type === "view" ? <ViewQueryTab /> : <FieldsTab /> : null}
              {tab === "rules" ? <RulesTab /> : null}
              {tab === "options" && form.type === "auth" ? <AuthOptionsTab /> : null}
            </TabPanel>
          </Tabs>
        </form>
      </OverlayPanel>
      <ConfirmChangesPopup open={confirmOpen} summary={summary} busy={saving} onClose={() => setConfirmOpen(false)} onConfirm={() => void submit()} />
    </EditorContext.Provider>
  );
}
