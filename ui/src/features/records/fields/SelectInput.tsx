import { useId, useState } from "react";
import { Field } from "../../../components/Field";
import { isMultiple, toList, trimSelect } from "../recordModel";
import { FieldLabel } from "./BasicInputs";
import type { FieldInputProps } from "./types";

/** Above this many choices the select offers a search box. */
export const SELECT_SEARCH_THRESHOLD = 5;

export function selectHint(maxSelect: number): string {
  return `Select up to ${maxSelect} items.`;
}

/** select: single (radio-like list) or multiple (checkbox list, trimmed to maxSelect), searchable above 5 values. */
export function SelectInput({ field, value, onChange, error }: FieldInputProps) {
  const values = (Array.isArray(field.options?.values) ? field.options.values : []).map(String);
  const multiple = isMultiple(field);
  const max = Number(field.options?.maxSelect ?? 1);
  const selected = toList(value);
  const [search, setSearch] = useState("");
  const id = useId();
  const shown = values.filter((v) => v.toLowerCase().includes(search.trim().toLowerCase()));
  const pick = (v: string) => {
    if (multiple) {
      const next = selected.includes(v) ? selected.filter((s) => s !== v) : [...selected, v];
      onChange(trimSelect(next, max));
    } else {
      onChange(selected[0] === v && !field.required ? "" : v);
    }
  };
  return (
    <Field name={field.name} label={<FieldLabel name={field.name} type="select" />} required={field.required} error={error} hint={multiple ? selectHint(max) : undefined}>
      {(p) => (
        <div className="select-input" role="group" aria-label={field.name} aria-describedby={p["aria-describedby"]} id={values.length > SELECT_SEARCH_THRESHOLD ? undefined : p.id}>
          {values.length > SELECT_SEARCH_THRESHOLD ? (
            <input id={p.id} type="search" className="select-search" placeholder="Search..." aria-label={`Search ${field.name} options`} value={search} onChange={(e) => setSearch(e.target.value)} />
          ) : null}
          <div className="select-options">
            {shown.map((v) => (
              <label key={v} className={`select-option${selected.includes(v) ? " active" : ""}`}>
                <input type={multiple ? "checkbox" : "radio"} name={`${id}-${field.name}`} checked={selected.includes(v)} onChange={() => pick(v)} onClick={() => !multiple && selected[0] === v && pick(v)} />
                <span>{v}</span>
              </label>
            ))}
            {!shown.length ? <span className="txt-hint">No options found.</span> : null}
          </div>
        </div>
      )}
    </Field>
  );
}
