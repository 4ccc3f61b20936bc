import { Field } from "../../../components/Field";
import { CIcon, fieldTypeIcon } from "../../collections/icons";
import type { FieldInputProps } from "./types";

export function FieldLabel({ name, type }: { name: string; type: string }) {
  return (
    <span className="field-label-text">
      <CIcon name={fieldTypeIcon(type)} size={14} /> {name}
    </span>
  );
}

/** text, email and url: one-line inputs with the field's length limits. */
export function TextInput({ field, value, onChange, error }: FieldInputProps) {
  const o = field.options ?? {};
  const type = field.type === "email" ? "email" : field.type === "url" ? "url" : "text";
  return (
    <Field name={field.name} label={<FieldLabel name={field.name} type={field.type} />} required={field.required} error={error}>
      {(p) => (
        <input
          {...p}
          type={type}
          value={value === null || value === undefined ? "" : String(value)}
          required={field.required}
          minLength={field.type === "text" && Number(o.min) > 0 ? Number(o.min) : undefined}
          maxLength={field.type === "text" && Number(o.max) > 0 ? Number(o.max) : undefined}
          pattern={field.type === "text" && o.pattern ? String(o.pattern) : undefined}
          autoComplete="off"
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** number: min/max from the options, step any; an empty input is null. */
export function NumberInput({ field, value, onChange, error }: FieldInputProps) {
  const o = field.options ?? {};
  return (
    <Field name={field.name} label={<FieldLabel name={field.name} type="number" />} required={field.required} error={error}>
      {(p) => (
        <input
          {...p}
          type="number"
          step="any"
          min={o.min === null || o.min === undefined || o.min === "" ? undefined : Number(o.min)}
          max={o.max === null || o.max === undefined || o.max === "" ? undefined : Number(o.max)}
          value={value === null || value === undefined ? "" : String(value)}
          required={field.required}
          onChange={(e) => onChange(e.target.value === "" ? null : Number(e.target.value))}
        />
      )}
    </Field>
  );
}

export function BoolInput({ field, value, onChange, error }: FieldInputProps) {
  return (
    <Field name={field.name} label={<FieldLabel name={field.name} type="bool" />} inline error={error} className="field-bool">
      {(p) => <input {...p} type="checkbox" role="switch" checked={!!value} onChange={(e) => onChange(e.target.checked)} />}
    </Field>
  );
}
