import { useEffect, useState } from "react";
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { restrictToVerticalAxis } from "./dndModifiers";
import { Menu } from "../../../components/Menu";
import { FIELD_TYPES, type FieldType } from "../../../data/collections/types";
import { CIcon, fieldTypeIcon } from "../icons";
import { useEditor } from "./editorContext";
import { addField, moveField, systemFieldNames } from "./editorModel";
import { FieldRow } from "./FieldRow";
import { FIELD_TYPE_LABELS } from "./fieldTypes";
import { IndexesSection } from "./IndexesSection";

const SYSTEM_FIELD_TYPES: Record<string, string> = {
  id: "Plain text (15 characters)",
  created: "DateTime, set on create",
  updated: "DateTime, set on every update",
  username: "Plain text",
  email: "Email",
  emailVisibility: "Bool",
  verified: "Bool",
};

const SYSTEM_FIELD_ICONS: Record<string, Parameters<typeof CIcon>[0]["name"]> = {
  id: "id",
  created: "date",
  updated: "date",
  username: "auth",
  email: "email",
  emailVisibility: "bool",
  verified: "bool",
};

/** The Fields tab: system fields, the sortable schema, 'New field' by type, and the indexes. */
export function FieldsTab() {
  const { form, update } = useEditor();
  const [expanded, setExpanded] = useState<string | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  // A new or duplicated field gets focus on its name input.
  useEffect(() => {
    if (!focusKey) return;
    const input = document.querySelector<HTMLInputElement>(`[data-field-key="${focusKey}"] .schema-field-name`);
    input?.focus();
    input?.select();
    setFocusKey(null);
  }, [focusKey, form.schema]);

  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    update((f) => moveField(f, String(e.active.id), String(e.over!.id)));
  };

  return (
    <div className="fields-tab">
      <div className="system-fields" aria-label="System fields" role="list">
        {systemFieldNames(form.type).map((name) => (
          <div key={name} role="listitem" className="system-field" title={SYSTEM_FIELD_TYPES[name]}>
            <CIcon name={SYSTEM_FIELD_ICONS[name] ?? "text"} size={14} />
            <span>{name}</span>
          </div>
        ))}
        <span className="txt-hint txt-xs system-fields-note">System fields</span>
      </div>

      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} modifiers={[restrictToVerticalAxis]}>
        <SortableContext items={form.schema.map((f) => f.key)} strategy={verticalListSortingStrategy}>
          <div className="schema-fields">
            {form.schema.map((field) => (
              <FieldRow
                key={field.key}
                field={field}
                expanded={expanded === field.key}
                onToggle={() => setExpanded((k) => (k === field.key ? null : field.key))}
                onDuplicated={(key) => {
                  setExpanded(null);
                  setFocusKey(key);
                }}
              />
            ))}
          </div>
        </SortableContext>
      </DndContext>

      <div className="new-field">
        <Menu
          label="New field"
          placement="bottom-start"
          triggerClassName="btn btn-secondary btn-block new-field-btn"
          trigger={
            <>
              <CIcon name="plus" size={16} /> New field
            </>
          }
          items={FIELD_TYPES.map((type: FieldType) => ({
            label: FIELD_TYPE_LABELS[type],
            icon: <CIcon name={fieldTypeIcon(type)} size={16} />,
            onSelect: () => {
              const r = addField(form, type);
              update(() => r.form);
              setExpanded(type === "select" || type === "relation" ? r.key : null);
              setFocusKey(r.key);
            },
          }))}
        />
      </div>

      <IndexesSection />
    </div>
  );
}
