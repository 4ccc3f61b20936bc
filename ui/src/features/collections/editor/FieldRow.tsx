import { useId } from "react";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Menu } from "../../../components/Menu";
import { Tooltip } from "../../../components/Tooltip";
import type { FieldType } from "../../../data/collections/types";
import { clearFieldError, formErrorsStore, fieldErrorMessage } from "../../../lib/formErrors";
import { useStore } from "../../../lib/store";
import { CIcon, fieldTypeIcon } from "../icons";
import { useEditor } from "./editorContext";
import { canReorder, duplicateField, isLockedField, isMultiple, removeField, renameField, restoreField, setMultiple, setRequired, updateField, updateFieldOptions, type FieldForm } from "./editorModel";
import { FieldTypeOptions } from "./FieldOptions";
import { FIELD_TYPE_LABELS, requiredLabel } from "./fieldTypes";

const MULTI_TYPES = new Set(["select", "file", "relation"]);

export function FieldRow({ field, expanded, onToggle, onDuplicated }: { field: FieldForm; expanded: boolean; onToggle: () => void; onDuplicated: (key: string) => void }) {
  const { form, update, collections } = useEditor();
  const id = useId();
  const errors = useStore(formErrorsStore);
  const schemaErrors = (errors.schema ?? {}) as Record<string, unknown>;
  const hasError = !!schemaErrors[field.key] && Object.keys(schemaErrors[field.key] as object).length > 0;
  const nameError = fieldErrorMessage(errors, `schema.${field.key}.name`);
  const locked = isLockedField(field);
  const deleted = field.toDelete;
  const sortable = useSortable({ id: field.key, disabled: !canReorder(field) });
  const typeLabel = FIELD_TYPE_LABELS[field.type as FieldType] ?? field.type;
  const displayName = field.name || "(no name)";

  const style = { transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition };
  const optionsId = `${id}-options`;
  const nameErrorId = `${id}-name-error`;

  return (
    <div
      ref={sortable.setNodeRef}
      style={style}
      className={`schema-field${expanded && !deleted ? " expanded" : ""}${deleted ? " deleted" : ""}${hasError ? " has-error" : ""}${sortable.isDragging ? " dragging" : ""}`}
      data-field-key={field.key}
      data-testid={`schema-field-${field.name}`}
      data-field-type={field.type}
    >
      <div className="schema-field-header">
        <button
          type="button"
          className="drag-handle btn-icon btn-xs"
          aria-label={`Reorder field ${displayName}`}
          disabled={!canReorder(field)}
          {...sortable.attributes}
          {...sortable.listeners}
        >
          <CIcon name="grip" size={16} />
        </button>
        <Tooltip text={typeLabel}>
          <span className="schema-field-type" role="img" aria-label={`${typeLabel} field`} tabIndex={-1}>
            <CIcon name={fieldTypeIcon(field.type)} size={16} />
          </span>
        </Tooltip>
        <input
          type="text"
          className="schema-field-name"
          value={field.name}
          aria-label={`Field name (${typeLabel})`}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? nameErrorId : undefined}
          disabled={locked || deleted}
          placeholder="Field name"
          spellCheck={false}
          onChange={(e) => {
            clearFieldError(`schema.${field.key}.name`);
            update((f) => renameField(f, field.key, e.target.value));
          }}
        />
        {field.originalName && field.name !== field.originalName && !deleted ? <span className="chip">renamed from {field.originalName}</span> : null}
        {field.system ? <span className="chip">System</span> : null}
        {deleted ? (
          <>
            <span className="chip chip-danger">Deleted</span>
            <button type="button" className="btn btn-sm btn-secondary schema-field-restore" onClick={() => update((f) => restoreField(f, field.key))}>
              <CIcon name="restore" size={14} /> Restore
            </button>
          </>
        ) : (
          <>
            {MULTI_TYPES.has(field.type) ? (
              <select
                className="schema-field-multi"
                aria-label={`Single or multiple ${displayName}`}
                value={isMultiple(field) ? "multiple" : "single"}
                disabled={locked}
                onChange={(e) => update((f) => updateField(f, field.key, (x) => setMultiple(x, e.target.value === "multiple")))}
              >
                <option value="single">Single</option>
                <option value="multiple">Multiple</option>
              </select>
            ) : null}
            <label className="checkbox-label schema-field-required">
              <input type="checkbox" checked={field.required} disabled={locked} onChange={(e) => update((f) => updateField(f, field.key, (x) => setRequired(x, e.target.checked)))} />
              <span>{requiredLabel(field.type)}</span>
            </label>
            <Tooltip text={expanded ? "Hide options" : "Field options"}>
              <button type="button" className={`btn-icon btn-sm${expanded ? " active" : ""}`} aria-label={`Options of ${displayName}`} aria-expanded={expanded} aria-controls={expanded ? optionsId : undefined} onClick={onToggle}>
                <CIcon name="sliders" size={16} />
              </button>
            </Tooltip>
            {!locked ? (
              <Menu
                label={`More actions for ${displayName}`}
                triggerClassName="btn-icon btn-sm"
                trigger={<CIcon name="more" size={16} />}
                items={[
                  {
                    label: "Duplicate",
                    icon: <CIcon name="copy" size={16} />,
                    onSelect: () => {
                      const r = duplicateField(form, field.key);
                      update(() => r.form);
                      onDuplicated(r.key);
                    },
                  },
                  { label: "Remove", icon: <CIcon name="trash" size={16} />, danger: true, onSelect: () => update((f) => removeField(f, field.key)) },
                ]}
              />
            ) : null}
          </>
        )}
      </div>
      {nameError ? (
        <div id={nameErrorId} className="field-error-message schema-field-error" role="alert">
          {nameError}
        </div>
      ) : null}
      {expanded && !deleted ? (
        <div id={optionsId} className="schema-field-options" role="group" aria-label={`Options of ${displayName}`}>
          {locked ? <p className="txt-hint txt-sm">System fields cannot be edited.</p> : null}
          <FieldTypeOptions field={field} collections={collections} disabled={locked} setOptions={(patch) => update((f) => updateFieldOptions(f, field.key, patch))} />
          <div className="schema-field-flags">
            <label className="checkbox-label">
              <input type="checkbox" checked={field.presentable} disabled={locked} onChange={(e) => update((f) => updateField(f, field.key, { presentable: e.target.checked }))} />
              <span>Presentable</span>
            </label>
            <span className="txt-hint txt-sm">Shown as the label of this record in relation pickers.</span>
          </div>
        </div>
      ) : null}
    </div>
  );
}
