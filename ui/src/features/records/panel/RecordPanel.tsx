import "../records.css";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type MutableRefObject } from "react";
import { Field } from "../../../components/Field";
import { Menu, type MenuItem } from "../../../components/Menu";
import { OverlayPanel } from "../../../components/OverlayPanel";
import { ProgressBar } from "../../../components/ProgressBar";
import { Spinner } from "../../../components/Spinner";
import { TabList, TabPanel, Tabs } from "../../../components/Tabs";
import type { Collection } from "../../../data/collections/types";
import { useRequestPasswordReset, useRequestVerification } from "../../../data/records/authEmails";
import { useDeleteRecords } from "../../../data/records/deleteRecords";
import { useRecord } from "../../../data/records/record";
import { useSaveRecord } from "../../../data/records/saveRecord";
import { confirm } from "../../../lib/confirm";
import { handleError, isAbortError } from "../../../lib/errors";
import { clearFieldError, clearFormErrors, createFormErrors, FormErrorsContext } from "../../../lib/formErrors";
import { useSaveShortcut } from "../../../lib/useSaveShortcut";
import { useStore } from "../../../lib/store";
import { hasFileParts } from "../../../lib/uploadWithProgress";
import { addErrorToast, addInfoToast, addSuccessToast } from "../../../lib/toasts";
import { CIcon } from "../../collections/icons";
import { FieldInput } from "../fields/FieldInput";
import { changedUnderneath, liveChanges } from "../liveChanges";
import {
  buildPayload,
  canSave as canSaveRecord,
  duplicateRecord,
  newFormRecord,
  hasEditorField,
  isAuthCollection,
  hasPasswordInput,
  isRecordChanged,
  isViewCollection,
  RECORD_ID_MIN_LENGTH,
  toFormRecord,
  validateRecord,
  type PendingDeletions,
  type PendingUploads,
  type RecordData,
  type RecordErrors,
} from "../recordModel";
import { AuthFields } from "./AuthFields";
import { ExternalAuthsTab } from "./ExternalAuthsTab";
import { TotpStatus } from "./TotpStatus";
import { RecordPreview } from "./RecordPreview";
import { useRecordDraft } from "./useRecordDraft";
import type { LeaveGuard } from "../panelStore";
import * as M from "./messages";
import { BusyButton } from "../../../components/BusyButton";

export interface RecordPanelProps {
  open: boolean;
  collection: Collection;
  collections: Collection[];
  /** "" for a new record. */
  recordId: string;
  /** Initial values of a new record (duplicate). */
  initial?: RecordData;
  onClose: () => void;
  onSaved?: (saved: RecordData, isNew: boolean) => void;
  onDeleted?: (id: string) => void;
  onDuplicate?: (copy: RecordData) => void;
  /** Set by the panel while it is open: the records section asks it before the address takes it away. */
  leaveGuard?: MutableRefObject<LeaveGuard | null>;
}

type Tab = "form" | "providers";

/** The record panel: new/edit (or a read-only preview for views), drafts, guards, auth part, more options. */
export default function RecordPanel(props: RecordPanelProps) {
  const { open, collection, collections, recordId, initial, onClose, onSaved, onDeleted, onDuplicate, leaveGuard } = props;
  if (isViewCollection(collection)) return <RecordPreview open={open} collection={collection} collections={collections} recordId={recordId} onClose={onClose} />;
  return <RecordEditor key={`${collection.id}/${recordId}`} open={open} collection={collection} collections={collections} recordId={recordId} initial={initial} onClose={onClose} onSaved={onSaved} onDeleted={onDeleted} onDuplicate={onDuplicate} leaveGuard={leaveGuard} />;
}

function RecordEditor({ open, collection, collections, recordId, initial, onClose, onSaved, onDeleted, onDuplicate, leaveGuard }: RecordPanelProps) {
  const id = useId();
  const [currentId, setCurrentId] = useState(recordId);
  const isNew = !currentId;
  const loadQ = useRecord(collection, currentId);
  const [original, setOriginal] = useState<RecordData | null>(() => (isNew ? newFormRecord(collection) : null));
  const [record, setRecord] = useState<RecordData>(() => (isNew ? newFormRecord(collection, initial) : {}));
  const [uploads, setUploads] = useState<PendingUploads>({});
  const [deletions, setDeletions] = useState<PendingDeletions>({});
  const [changePassword, setChangePassword] = useState(false);
  const [errors, setErrors] = useState<RecordErrors>({});
  // the server's field errors for this panel only: a panel opened over it (a picker's New
  // record) neither shows nor clears them
  const [serverErrors] = useState(createFormErrors);
  const [tab, setTab] = useState<Tab>("form");
  const [liveWarning, setLiveWarning] = useState<"updated" | "deleted" | null>(null);
  const closingRef = useRef(false);
  // upload progress (0..1) while a save with new files is on its way; null otherwise
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const uploadAbort = useRef<AbortController | null>(null);
  const save = useSaveRecord();
  const del = useDeleteRecords();
  const reqVerification = useRequestVerification();
  const reqReset = useRequestPasswordReset();
  const auth = isAuthCollection(collection);
  const saving = save.isPending;

  // Loaded (or reloaded after a save): the form follows the server's record. Applied while
  // rendering rather than in an effect, so the form shows in the same commit as the data
  // instead of one painted frame later.
  const [applied, setApplied] = useState<{ data?: RecordData; collection?: Collection }>({});
  if (loadQ.data && (loadQ.data !== applied.data || collection !== applied.collection)) {
    setApplied({ data: loadQ.data, collection });
    const form = toFormRecord(collection, loadQ.data);
    setOriginal(form);
    setRecord(form);
    setUploads({});
    setDeletions({});
    setChangePassword(false);
    setLiveWarning(null);
  }

  useEffect(() => {
    if (!loadQ.error) return;
    handleError(loadQ.error, { notify: false });
    addErrorToast(M.unableToLoad(currentId));
    closingRef.current = true;
    onClose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadQ.error]);

  // leaving the panel (route change, collection switch) stops an upload still on its way
  useEffect(() => () => uploadAbort.current?.abort(), []);

  const loading = !isNew && !original;
  // the password fields show (and are sent) for a new auth record, or once "Change password" is ticked
  const passwordShown = auth && (isNew || changePassword);
  const passwordChange = passwordShown && !isNew && hasPasswordInput(record);
  const changed = !!original && (isRecordChanged(collection, original, record, uploads, deletions) || passwordChange);
  const canSave = canSaveRecord({ loading, isNew, changed, saving });
  const draft = useRecordDraft(collection, currentId, original, record, changed);

  // realtime: warn when the open record changes elsewhere
  const live = useStore(liveChanges);
  useEffect(() => {
    const state = changedUnderneath(live, collection.id, currentId, String(original?.updated ?? ""));
    if (state && !saving) setLiveWarning(state);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live]);

  // Any edit of a field clears its errors, including edits that fire no input event (relation
  // chips, the picker, file uploads and removal).
  const clearErrors = useCallback(
    (key: string) => {
      clearFieldError(key, serverErrors);
      setErrors((e) => {
        if (!e[key]) return e;
        const next = { ...e };
        delete next[key];
        return next;
      });
    },
    [serverErrors],
  );
  const set = useCallback(
    (key: string, value: unknown) => {
      setRecord((r) => ({ ...r, [key]: value }));
      clearErrors(key);
    },
    [clearErrors],
  );

  const forceClose = () => {
    closingRef.current = true;
    onClose();
  };
  /** True when the panel may go now; with unsaved changes it asks first, then runs leave (yes) or stay (no). */
  const mayLeave = (leave: () => void, stay?: () => void) => {
    if (saving) return false;
    if (closingRef.current || !changed) return true;
    confirm(M.CONFIRM_CLOSE, () => ((closingRef.current = true), leave()), stay);
    return false;
  };
  const beforeHide = () => mayLeave(onClose);
  // The same question when the address takes the panel away (Back, Forward, a link).
  const guard: LeaveGuard = (leave, stay) => {
    if (mayLeave(leave, stay)) leave();
    else if (saving) stay();
  };
  const guardRef = useRef(guard);
  guardRef.current = guard;
  useEffect(() => {
    if (!leaveGuard || !open) return;
    const ask: LeaveGuard = (leave, stay) => guardRef.current(leave, stay);
    leaveGuard.current = ask;
    return () => {
      if (leaveGuard.current === ask) leaveGuard.current = null;
    };
  }, [leaveGuard, open]);

  /** Create closes the panel, unless kept open (Ctrl/Cmd+S): it then goes on editing the new record. */
  const submit = async ({ keepOpen = false } = {}) => {
    if (!canSave) return;
    const local = validateRecord(collection, record, { isNew, passwordShown });
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    try {
      const body = buildPayload(collection, record, uploads, deletions, { isNew, sendPassword: passwordShown });
      const withFiles = hasFileParts(body);
      const controller = withFiles ? new AbortController() : null;
      uploadAbort.current = controller;
      if (withFiles) setUploadProgress(0);
      const saved = await save.mutateAsync({ collection, id: isNew ? undefined : currentId, body, onProgress: withFiles ? setUploadProgress : undefined, signal: controller?.signal });
      clearFormErrors(serverErrors);
      draft.clear();
      addSuccessToast(isNew ? M.CREATED : M.UPDATED);
      onSaved?.(saved, isNew);
      if (isNew && !keepOpen) {
        forceClose();
      } else {
        // "Save changes" keeps the panel open with the saved values
        if (isNew) setCurrentId(String(saved.id));
        const form = toFormRecord(collection, saved);
        setOriginal(form);
        setRecord(form);
        setUploads({});
        setDeletions({});
        setChangePassword(false);
        // a created record loads under its new id; a saved one reloads
        if (!isNew) void loadQ.refetch();
      }
    } catch (err) {
      // a cancelled upload keeps the panel and the form as they were
      if (isAbortError(err) && uploadAbort.current?.signal.aborted) addInfoToast(M.UPLOAD_CANCELLED);
      else handleError(err, { fieldErrors: serverErrors });
    } finally {
      uploadAbort.current = null;
      setUploadProgress(null);
    }
  };

  // Ctrl/Cmd+S saves without closing (the newest panel takes it first)
  useSaveShortcut(open, () => submit({ keepOpen: true }));

  const duplicate = () => {
    const run = () => {
      draft.clear();
      const copy = duplicateRecord(collection, original ?? record);
      if (onDuplicate) {
        closingRef.current = true;
        onDuplicate(copy);
      } else {
        setCurrentId("");
        setOriginal(newFormRecord(collection));
        setRecord(newFormRecord(collection, copy));
        setUploads({});
        setDeletions({});
      }
    };
    if (changed) confirm(M.CONFIRM_DISCARD, run);
    else run();
  };

  const remove = () =>
    confirm(M.CONFIRM_DELETE, async () => {
      try {
        await del.mutateAsync({ collection, ids: [currentId] });
        addSuccessToast(M.DELETED);
        draft.clear();
        onDeleted?.(currentId);
        forceClose();
      } catch (err) {
        handleError(err, { fieldErrors: serverErrors });
      }
    });

  const email = String(original?.email ?? "");
  const moreItems: MenuItem[] = [];
  if (auth && email && !original?.verified) {
    moreItems.push({
      label: "Send verification email",
      icon: <CIcon name="email" size={16} />,
      onSelect: () =>
        confirm(M.confirmSendVerification(email), async () => {
          try {
            await reqVerification.mutateAsync({ collection, email });
            addSuccessToast(M.verificationSent(email));
          } catch (err) {
            handleError(err, { fieldErrors: serverErrors });
          }
        }),
    });
  }
  if (auth && email) {
    moreItems.push({
      label: "Send password reset email",
      icon: <CIcon name="email" size={16} />,
      onSelect: () =>
        confirm(M.confirmSendReset(email), async () => {
          try {
            await reqReset.mutateAsync({ collection, email });
            addSuccessToast(M.resetSent(email));
          } catch (err) {
            handleError(err, { fieldErrors: serverErrors });
          }
        }),
    });
  }
  moreItems.push({ label: "Duplicate", icon: <CIcon name="copy" size={16} />, onSelect: duplicate });
  moreItems.push({ label: "Delete", icon: <CIcon name="trash" size={16} />, danger: true, onSelect: remove });

  const fileExtra = useMemo(
    () => (name: string) => ({
      uploads: uploads[name] ?? [],
      deletions: deletions[name] ?? [],
      onUploads: (files: File[]) => {
        setUploads((u) => ({ ...u, [name]: files }));
        clearErrors(name);
      },
      onDeletions: (names: string[]) => {
        setDeletions((d) => ({ ...d, [name]: names }));
        clearErrors(name);
      },
    }),
    [uploads, deletions, clearErrors],
  );

  const title = `${isNew ? "New" : "Edit"} ${collection.name} record`;
  const wide = hasEditorField(collection);
  // an auth record's sections show once it exists
  const tabbed = auth && !isNew;

  return (
    <FormErrorsContext.Provider value={serverErrors}>
      <OverlayPanel
        open={open}
        onClose={onClose}
        beforeHide={beforeHide}
        title={title}
        size="lg"
        className={`record-panel${wide ? " record-panel-wide" : ""}`}
        escClose={!saving}
        overlayClose={!saving}
        headerActions={
          !isNew && original ? <Menu label="More options" triggerClassName="btn-icon" trigger={<CIcon name="more" />} items={moreItems} /> : null
        }
        footer={
          <>
            {uploadProgress !== null ? <UploadProgress fraction={uploadProgress} onCancel={() => uploadAbort.current?.abort()} /> : null}
            <button type="button" className="btn btn-transparent" disabled={saving} onClick={() => (beforeHide() ? onClose() : undefined)}>
              Cancel
            </button>
            <BusyButton className="btn btn-primary" busy={saving} type="submit" form={`${id}-form`} disabled={!canSave}>
              {isNew ? "Create" : "Save changes"}
            </BusyButton>
          </>
        }
      >
        <Tabs value={tab} onChange={setTab}>
          {tabbed ? (
            <TabList
              label="Record sections"
              tabs={[
                { value: "form", label: "Account" },
                { value: "providers", label: "Authorized providers" },
              ]}
            />
          ) : null}
          {liveWarning ? (
            <div className="alert alert-warning" role="alert">
              <span>{liveWarning === "deleted" ? M.LIVE_DELETED : M.LIVE_UPDATED}</span>
              {liveWarning === "updated" ? (
                <button type="button" className="btn btn-sm btn-secondary" onClick={() => void loadQ.refetch()}>
                  Reload
                </button>
              ) : null}
            </div>
          ) : null}
          {draft.offered ? (
            <div className="alert alert-info draft-banner" role="status">
              <span>{M.DRAFT_BANNER}</span>
              <button type="button" className="btn btn-sm btn-secondary" onClick={() => setRecord(draft.restore())}>
                Restore draft
              </button>
              <button type="button" className="btn-icon btn-sm" aria-label="Discard draft" onClick={draft.discard}>
                <CIcon name="close" size={14} />
              </button>
            </div>
          ) : null}
          {loading ? (
            <Spinner label="Loading record..." />
          ) : (
            <TabPanel bare={!tabbed}>
              {tab === "providers" && tabbed ? (
                <ExternalAuthsTab collection={collection} recordId={currentId} />
              ) : (
                <form
                  id={`${id}-form`}
                  className="record-form"
                  noValidate
                  aria-label={title}
                  onSubmit={(e) => {
                    e.preventDefault();
                    e.stopPropagation();
                    void submit();
                  }}
                >
                  <Field name="id" label="id" hint={isNew ? `Leave empty to auto generate (min ${RECORD_ID_MIN_LENGTH} characters).` : undefined} error={errors.id?.message}>
                    {(p) => (
                      <input
                        {...p}
                        type="text"
                        className="txt-mono"
                        value={String(record.id ?? "")}
                        readOnly={!isNew}
                        minLength={RECORD_ID_MIN_LENGTH}
                        placeholder={isNew ? "Leave empty to auto generate..." : undefined}
                        autoComplete="off"
                        spellCheck={false}
                        onChange={(e) => set("id", e.target.value)}
                      />
                    )}
                  </Field>
                  {auth ? (
                    <AuthFields
                      collection={collection}
                      record={record}
                      isNew={isNew}
                      originalVerified={!!original?.verified}
                      changePassword={changePassword}
                      onChangePassword={setChangePassword}
                      set={set}
                      errors={errors}
                    />
                  ) : null}
                  {auth && !isNew && loadQ.data ? <TotpStatus collection={collection} record={loadQ.data as Record<string, unknown>} onRemoved={() => void loadQ.refetch()} /> : null}
                  {collection.schema.map((f) => (
                    <div key={f.id || f.name} className="record-field" data-field={f.name} data-field-type={f.type}>
                      <FieldInput
                        field={f}
                        value={record[f.name]}
                        onChange={(v) => set(f.name, v)}
                        collection={collection}
                        collections={collections}
                        record={original ?? record}
                        error={errors[f.name]?.message}
                        files={fileExtra(f.name)}
                      />
                    </div>
                  ))}
                  {!isNew && original ? (
                    <p className="txt-hint record-meta">
                      created {String(original.created ?? "")} · updated {String(original.updated ?? "")}
                    </p>
                  ) : null}
                </form>
              )}
            </TabPanel>
          )}
        </Tabs>
      </OverlayPanel>
    </FormErrorsContext.Provider>
  );
}

/** The upload's progress bar with its percentage and the button that aborts it. */
function UploadProgress({ fraction, onCancel }: { fraction: number; onCancel: () => void }) {
  return (
    <div className="record-upload-progress">
      <ProgressBar label="Upload progress" fraction={fraction} className="record-upload-bar" />
      <button type="button" className="btn btn-sm btn-secondary" onClick={onCancel}>
        Cancel upload
      </button>
    </div>
  );
}
