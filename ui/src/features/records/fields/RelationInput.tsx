import { useEffect, useMemo, useState } from "react";
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, arrayMove, horizontalListSortingStrategy, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Field } from "../../../components/Field";
import { Tooltip } from "../../../components/Tooltip";
import { useRecordsByIds } from "../../../data/records/recordsByIds";
import { truncate } from "../../../lib/format";
import { CIcon } from "../../collections/icons";
import { relationLabel } from "../listModel";
import { RecordPickerDialog } from "../pickers/RecordPickerDialog";
import { isMultiple, toList, type RecordData } from "../recordModel";
import { FieldLabel } from "./BasicInputs";
import type { FieldInputProps } from "./types";

export const RELATION_SKELETON_MAX = 10;

export function droppedIdsMessage(ids: string[]): string {
  return `The following relation ids were removed from the list because they are missing or invalid: ${ids.join(", ")}`;
}

function Chip({ id, label, onRemove }: { id: string; label: string; onRemove: () => void }) {
  const s = useSortable({ id });
  return (
    <li ref={s.setNodeRef} style={{ transform: CSS.Transform.toString(s.transform), transition: s.transition }} className="chip chip-removable relation-chip">
      <span className="drag-handle" {...s.attributes} {...s.listeners} aria-label={`Reorder ${label}`}>
        <CIcon name="grip" size={12} />
      </span>
      <span title={id}>{truncate(label, 70)}</span>
      <button type="button" className="chip-btn" aria-label={`Remove ${label}`} onClick={onRemove}>
        <CIcon name="close" size={12} />
      </button>
    </li>
  );
}

/** relation: chips of the chosen records (loaded by id), remove, drag reorder, the record picker, dropped-id notice. */
export function RelationInput({ field, value, onChange, collections, error }: FieldInputProps) {
  const ids = toList(value);
  const multiple = isMultiple(field);
  const related = collections.find((c) => c.id === field.options?.collectionId);
  const loaded = useRecordsByIds(related?.id ?? "", ids);
  const [pickerOpen, setPickerOpen] = useState(0);
  const [dropped, setDropped] = useState<string[]>([]);
  const byId = useMemo(() => new Map((loaded.data ?? []).map((r) => [String(r.id), r])), [loaded.data]);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  // Ids the server does not know are dropped from the value, with a notice.
  useEffect(() => {
    if (!loaded.isSuccess || loaded.isPlaceholderData || !ids.length) return;
    const missing = ids.filter((id) => !byId.has(id));
    if (!missing.length) return;
    setDropped(missing);
    const kept = ids.filter((id) => byId.has(id));
    onChange(multiple ? kept : (kept[0] ?? ""));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded.isSuccess, loaded.isPlaceholderData, byId]);

  const set = (next: string[]) => onChange(multiple ? next : (next[next.length - 1] ?? ""));
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    set(arrayMove(ids, ids.indexOf(String(e.active.id)), ids.indexOf(String(e.over.id))));
  };
  const max = Number(field.options?.maxSelect ?? 0) || undefined;

  return (
    <Field
      name={field.name}
      label={
        <span className="relation-label">
          <FieldLabel name={field.name} type="relation" />
          {dropped.length ? (
            <Tooltip text={droppedIdsMessage(dropped)}>
              <span className="txt-warning" role="img" aria-label={droppedIdsMessage(dropped)} tabIndex={0}>
                <CIcon name="alert" size={14} />
              </span>
            </Tooltip>
          ) : null}
        </span>
      }
      required={field.required}
      error={error}
    >
      {(p) => (
        <div className="relation-input">
          {ids.length && loaded.isPending ? (
            <ul className="chip-list" aria-hidden="true">
              {ids.slice(0, RELATION_SKELETON_MAX).map((id) => (
                <li key={id} className="chip skeleton">
                  &nbsp;
                </li>
              ))}
            </ul>
          ) : (
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
              <SortableContext items={ids} strategy={horizontalListSortingStrategy}>
                <ul className="chip-list" aria-label={`Selected ${field.name} records`}>
                  {ids.map((id) => (
                    <Chip key={id} id={id} label={byId.has(id) ? relationLabel(byId.get(id) as RecordData, related) : id} onRemove={() => set(ids.filter((x) => x !== id))} />
                  ))}
                </ul>
              </SortableContext>
            </DndContext>
          )}
          <button id={p.id} type="button" className="btn btn-sm btn-secondary" aria-label={`Open picker for ${field.name}`} aria-describedby={p["aria-describedby"]} disabled={!related} onClick={() => setPickerOpen((n) => n + 1)}>
            <CIcon name="relation" size={15} /> Open picker
          </button>
          {pickerOpen > 0 && related ? (
            <RecordPickerDialog
              key={pickerOpen}
              open
              collection={related}
              collections={collections}
              maxSelect={multiple ? max : 1}
              selected={ids.map((id) => byId.get(id) ?? { id })}
              onClose={() => setPickerOpen(0)}
              onSubmit={(records) => {
                set(records.map((r) => String(r.id)));
                setPickerOpen(0);
              }}
            />
          ) : null}
        </div>
      )}
    </Field>
  );
}
