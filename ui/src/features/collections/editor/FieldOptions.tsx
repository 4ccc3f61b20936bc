import { Suspense, useId, useMemo, useState } from "react";
import { lazyWithPreload, useLoaded } from "../../../lib/lazyWithPreload";
import { Field } from "../../../components/Field";
import { Tooltip } from "../../../components/Tooltip";
import { useFieldError } from "../../../lib/formErrors";
import type { Collection } from "../../../data/collections/types";
import { CIcon } from "../icons";
import { isMultiple, type FieldForm } from "./editorModel";
import { MIME_PRESETS } from "./fieldTypes";
import { ListInput, NumberInput, dateToInput, inputToDate } from "./inputs";

// The relation field's "New collection" shortcut opens a nested editor (same chunk, loaded when used).
const NestedEditor = lazyWithPreload(() => import("./CollectionEditorPanel"));

/** Collection selects turn searchable above this many items. */
export const COLLECTION_SELECT_SEARCH_THRESHOLD = 5;
export const SELECT_COLLECTION_PLACEHOLDER = "Select collection *";

interface OptionsProps {
  field: FieldForm;
  setOptions: (patch: Record<string, unknown>) => void;
  disabled: boolean;
  collections: Collection[];
}

const n = (key: string, name: string) => `schema.${key}.options.${name}`;

function TextOptions({ field, setOptions, disabled }: OptionsProps) {
  const o = field.options;
  return (
    <div className="options-grid cols-3">
      <Field name={n(field.key, "min")} label="Min length">
        {(p) => <NumberInput {...p} value={o.min} min={0} step={1} placeholder="No min limit" disabled={disabled} onValue={(v) => setOptions({ min: v })} />}
      </Field>
      <Field name={n(field.key, "max")} label="Max length">
        {(p) => <NumberInput {...p} value={o.max} min={typeof o.min === "number" ? o.min : 0} step={1} placeholder="No max limit" disabled={disabled} onValue={(v) => setOptions({ max: v })} />}
      </Field>
      <Field name={n(field.key, "pattern")} label="Regex pattern" hint="Go regular expression syntax, e.g. ^[a-z0-9_]+$">
        {(p) => <input {...p} type="text" className="txt-mono" value={String(o.pattern ?? "")} disabled={disabled} placeholder="Any text" onChange={(e) => setOptions({ pattern: e.target.value })} />}
      </Field>
    </div>
  );
}

function NumberOptions({ field, setOptions, disabled }: OptionsProps) {
  const o = field.options;
  return (
    <div className="options-grid cols-3">
      <Field name={n(field.key, "min")} label="Min">
        {(p) => <NumberInput {...p} value={o.min} step="any" placeholder="No min limit" disabled={disabled} onValue={(v) => setOptions({ min: v })} />}
      </Field>
      <Field name={n(field.key, "max")} label="Max">
        {(p) => <NumberInput {...p} value={o.max} step="any" min={typeof o.min === "number" ? o.min : undefined} placeholder="No max limit" disabled={disabled} onValue={(v) => setOptions({ max: v })} />}
      </Field>
      <Field name={n(field.key, "noDecimal")} label="No decimals" inline className="options-check">
        {(p) => <input {...p} type="checkbox" checked={!!o.noDecimal} disabled={disabled} onChange={(e) => setOptions({ noDecimal: e.target.checked })} />}
      </Field>
    </div>
  );
}

function EditorOptions({ field, setOptions, disabled }: OptionsProps) {
  return (
    <div className="options-grid">
      <Field name={n(field.key, "convertUrls")} label="Convert URLs" inline hint="Links to files of this application are saved as relative URLs.">
        {(p) => <input {...p} type="checkbox" checked={!!field.options.convertUrls} disabled={disabled} onChange={(e) => setOptions({ convertUrls: e.target.checked })} />}
      </Field>
    </div>
  );
}

/** Except and only domains exclude each other: each is disabled while the other is set. */
export function DomainsOptions({ exceptName, onlyName, except, only, onExcept, onOnly, disabled, labelSuffix = "domains" }: {
  exceptName: string;
  onlyName: string;
  except: unknown;
  only: unknown;
  onExcept: (v: string[] | null) => void;
  onOnly: (v: string[] | null) => void;
  disabled: boolean;
  labelSuffix?: string;
}) {
  const hasExcept = Array.isArray(except) && except.length > 0;
  const hasOnly = Array.isArray(only) && only.length > 0;
  return (
    <div className="options-grid cols-2">
      <Field name={exceptName} label={`Except ${labelSuffix}`} hint={hasOnly ? "Clear the only list to use this one." : "Comma separated, e.g. example.com"}>
        {(p) => <ListInput {...p} value={except} nullWhenEmpty disabled={disabled || hasOnly} placeholder="e.g. example.com" onValue={onExcept} />}
      </Field>
      <Field name={onlyName} label={`Only ${labelSuffix}`} hint={hasExcept ? "Clear the except list to use this one." : "Comma separated, e.g. example.com"}>
        {(p) => <ListInput {...p} value={only} nullWhenEmpty disabled={disabled || hasExcept} placeholder="e.g. example.com" onValue={onOnly} />}
      </Field>
    </div>
  );
}

function EmailUrlOptions({ field, setOptions, disabled }: OptionsProps) {
  const o = field.options;
  return (
    <DomainsOptions
      exceptName={n(field.key, "exceptDomains")}
      onlyName={n(field.key, "onlyDomains")}
      except={o.exceptDomains}
      only={o.onlyDomains}
      onExcept={(v) => setOptions({ exceptDomains: v })}
      onOnly={(v) => setOptions({ onlyDomains: v })}
      disabled={disabled}
    />
  );
}

function DateOptions({ field, setOptions, disabled }: OptionsProps) {
  const o = field.options;
  return (
    <div className="options-grid cols-2">
      <Field name={n(field.key, "min")} label="Min date (UTC)">
        {(p) => <input {...p} type="datetime-local" step={1} value={dateToInput(o.min)} disabled={disabled} onChange={(e) => setOptions({ min: inputToDate(e.target.value) })} />}
      </Field>
      <Field name={n(field.key, "max")} label="Max date (UTC)">
        {(p) => <input {...p} type="datetime-local" step={1} value={dateToInput(o.max)} disabled={disabled} onChange={(e) => setOptions({ max: inputToDate(e.target.value) })} />}
      </Field>
    </div>
  );
}

function SelectOptions({ field, setOptions, disabled }: OptionsProps) {
  const o = field.options;
  const multiple = isMultiple(field);
  return (
    <div className={`options-grid ${multiple ? "cols-3-1" : ""}`}>
      <Field name={n(field.key, "values")} label="Choices" required hint="Comma separated, e.g. draft, published">
        {(p) => <ListInput {...p} value={o.values} disabled={disabled} placeholder="e.g. draft, published" onValue={(v) => setOptions({ values: v ?? [] })} />}
      </Field>
      {multiple ? (
        <Field name={n(field.key, "maxSelect")} label="Max select" required>
          {(p) => <NumberInput {...p} value={o.maxSelect} min={2} step={1} disabled={disabled} onValue={(v) => setOptions({ maxSelect: v })} />}
        </Field>
      ) : null}
    </div>
  );
}

function MimeTypesPicker({ field, setOptions, disabled }: OptionsProps) {
  const selected = Array.isArray(field.options.mimeTypes) ? (field.options.mimeTypes as string[]) : [];
  const [open, setOpen] = useState(false);
  const id = useId();
  const toggle = (mime: string) => setOptions({ mimeTypes: selected.includes(mime) ? selected.filter((m) => m !== mime) : [...selected, mime] });
  const applyPreset = (types: string[]) => setOptions({ mimeTypes: [...new Set([...selected, ...types])] });
  return (
    <div className="mime-picker">
      <div className="mime-picker-summary">
        <span className="field-label-text" id={`${id}-label`}>
          Allowed mime types
        </span>
        <span className="txt-hint txt-sm">{selected.length ? `${selected.length} selected` : "Any type (no restriction)"}</span>
        <button type="button" className="btn btn-sm btn-transparent" aria-expanded={open} aria-controls={`${id}-list`} disabled={disabled} onClick={() => setOpen((v) => !v)}>
          {open ? "Hide types" : "Choose types"}
          <CIcon name="chevronDown" size={14} />
        </button>
      </div>
      {selected.length ? (
        <ul className="chip-list" aria-labelledby={`${id}-label`}>
          {selected.map((m) => (
            <li key={m} className="chip chip-removable">
              {m}
              <button type="button" aria-label={`Remove ${m}`} disabled={disabled} onClick={() => toggle(m)}>
                <CIcon name="close" size={11} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {open ? (
        <div id={`${id}-list`} className="mime-picker-groups">
          {MIME_PRESETS.map((g) => (
            <fieldset key={g.label} className="mime-group">
              <legend>
                {g.label}
                <button type="button" className="btn btn-xs btn-transparent" disabled={disabled} onClick={() => applyPreset(g.types.map((t) => t.mime))}>
                  Add all
                </button>
              </legend>
              {g.types.map((t) => (
                <label key={t.mime} className="checkbox-label">
                  <input type="checkbox" checked={selected.includes(t.mime)} disabled={disabled} onChange={() => toggle(t.mime)} />
                  <span>
                    {t.ext} <span className="txt-hint">({t.mime})</span>
                  </span>
                </label>
              ))}
            </fieldset>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function FileOptions(props: OptionsProps) {
  const { field, setOptions, disabled } = props;
  const o = field.options;
  const multiple = isMultiple(field);
  return (
    <>
      <div className="options-grid cols-2">
        <Field name={n(field.key, "maxSize")} label="Max file size (bytes)" required>
          {(p) => <NumberInput {...p} value={o.maxSize} min={0} step={1} disabled={disabled} onValue={(v) => setOptions({ maxSize: v })} />}
        </Field>
        {multiple ? (
          <Field name={n(field.key, "maxSelect")} label="Max select" required>
            {(p) => <NumberInput {...p} value={o.maxSelect} min={2} step={1} disabled={disabled} onValue={(v) => setOptions({ maxSelect: v })} />}
          </Field>
        ) : null}
      </div>
      <div className="field">
        <MimeTypesPicker {...props} />
        <FieldErrorText name={n(field.key, "mimeTypes")} />
      </div>
      <Field name={n(field.key, "thumbs")} label="Thumb sizes" hint="Comma separated: WxH (crop center), WxHt (top), WxHb (bottom), WxHf (fit), 0xH, Wx0 (keep ratio). 100x100 is always available.">
        {(p) => <ListInput {...p} value={o.thumbs} disabled={disabled} placeholder="e.g. 50x50, 480x720f" onValue={(v) => setOptions({ thumbs: v ?? [] })} />}
      </Field>
      <Field name={n(field.key, "protected")} label="Protected" inline hint="Protected files need a short-lived file token to be downloaded (view rule applies).">
        {(p) => <input {...p} type="checkbox" checked={!!o.protected} disabled={disabled} onChange={(e) => setOptions({ protected: e.target.checked })} />}
      </Field>
    </>
  );
}

/** A select of collections; searchable above 5 items; view collections are not offered. */
function CollectionSelect({ value, onChange, disabled, collections, ...p }: { value: string; onChange: (id: string) => void; disabled: boolean; collections: Collection[] } & Record<string, unknown>) {
  const [search, setSearch] = useState("");
  const options = useMemo(() => collections.filter((c) => c.type !== "view"), [collections]);
  const shown = search ? options.filter((c) => c.name.toLowerCase().includes(search.toLowerCase()) || c.id === value) : options;
  return (
    <div className="collection-select">
      {options.length > COLLECTION_SELECT_SEARCH_THRESHOLD && !disabled ? (
        <input type="search" className="collection-select-search" placeholder="Search collections..." aria-label="Search collections to relate" value={search} onChange={(e) => setSearch(e.target.value)} />
      ) : null}
      <select {...p} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        <option value="" disabled>
          {SELECT_COLLECTION_PLACEHOLDER}
        </option>
        {shown.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function RelationOptions({ field, setOptions, disabled, collections }: OptionsProps) {
  const o = field.options;
  const multiple = isMultiple(field);
  const [nested, setNested] = useState({ session: 0, open: false });
  const nestedLoaded = useLoaded(NestedEditor, nested.session > 0);
  const minSelect = typeof o.minSelect === "number" ? o.minSelect : null;
  return (
    <>
      <div className="options-grid cols-2-1">
        <Field name={n(field.key, "collectionId")} label="Collection" required hint={field.id ? "The related collection of a saved field cannot change." : undefined}>
          {(p) => (
            <div className="input-with-action">
              <CollectionSelect {...p} value={String(o.collectionId ?? "")} disabled={disabled || !!field.id} collections={collections} onChange={(id) => setOptions({ collectionId: id })} />
              {!field.id ? (
                <button type="button" className="btn btn-sm btn-secondary" disabled={disabled} onClick={() => setNested((s) => ({ session: s.session + 1, open: true }))}>
                  <CIcon name="plus" size={14} /> New collection
                </button>
              ) : null}
            </div>
          )}
        </Field>
        <Field name={n(field.key, "cascadeDelete")} label="Cascade delete" inline className="options-check" hint="Deleting a related record also deletes this record.">
          {(p) => <input {...p} type="checkbox" checked={!!o.cascadeDelete} disabled={disabled} onChange={(e) => setOptions({ cascadeDelete: e.target.checked })} />}
        </Field>
      </div>
      {multiple ? (
        <div className="options-grid cols-2">
          <Field name={n(field.key, "minSelect")} label="Min select">
            {(p) => <NumberInput {...p} value={o.minSelect} min={1} step={1} placeholder="No min limit" disabled={disabled} onValue={(v) => setOptions({ minSelect: v })} />}
          </Field>
          <Field name={n(field.key, "maxSelect")} label="Max select">
            {(p) => <NumberInput {...p} value={o.maxSelect} min={minSelect || 2} step={1} placeholder="No max limit" disabled={disabled} onValue={(v) => setOptions({ maxSelect: v })} />}
          </Field>
        </div>
      ) : null}
      {nested.session > 0 && nestedLoaded ? (
        <Suspense fallback={null}>
          <NestedEditor
            key={nested.session}
            open={nested.open}
            collection={null}
            collections={collections}
            onClose={() => setNested((s) => ({ ...s, open: false }))}
            onSaved={(saved) => setOptions({ collectionId: saved.id })}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function JsonOptions({ field, setOptions, disabled }: OptionsProps) {
  return (
    <div className="options-grid cols-2">
      <Field name={n(field.key, "maxSize")} label="Max size (bytes)" required>
        {(p) => <NumberInput {...p} value={field.options.maxSize} min={0} step={1} disabled={disabled} onValue={(v) => setOptions({ maxSize: v })} />}
      </Field>
    </div>
  );
}

/** The type-specific options of a field. */
export function FieldTypeOptions(props: OptionsProps) {
  switch (props.field.type) {
    case "text":
      return <TextOptions {...props} />;
    case "number":
      return <NumberOptions {...props} />;
    case "editor":
      return <EditorOptions {...props} />;
    case "email":
    case "url":
      return <EmailUrlOptions {...props} />;
    case "date":
      return <DateOptions {...props} />;
    case "select":
      return <SelectOptions {...props} />;
    case "file":
      return <FileOptions {...props} />;
    case "relation":
      return <RelationOptions {...props} />;
    case "json":
      return <JsonOptions {...props} />;
    default:
      return <p className="txt-hint txt-sm">This field type has no extra options.</p>;
  }
}

export function InfoTip({ text }: { text: string }) {
  return (
    <Tooltip text={text}>
      <span className="info-tip" tabIndex={0} aria-label={text} role="img">
        <CIcon name="info" size={14} />
      </span>
    </Tooltip>
  );
}

/** A server or client error for a control that is not a single input. */
export function FieldErrorText({ name }: { name: string }) {
  const message = useFieldError(name);
  return message ? (
    <div className="field-error-message" role="alert">
      {message}
    </div>
  ) : null;
}
