import { Field } from "../../../components/Field";
import { localInputToUtc, utcToLocalInput } from "../recordModel";
import { FieldLabel } from "./BasicInputs";
import type { FieldInputProps } from "./types";
import { formatRecordDate } from "../RecordDate";

/** date: a local date-time picker; the value is stored in UTC and shown as UTC beside it. */
export function DateInput({ field, value, onChange, error }: FieldInputProps) {
  const stored = typeof value === "string" ? value : "";
  return (
    <Field
      name={field.name}
      label={<FieldLabel name={field.name} type="date" />}
      required={field.required}
      error={error}
      hint={stored ? `${formatRecordDate(stored)} UTC` : "Picked in your local time, stored in UTC."}
    >
      {(p) => (
        <div className="input-with-action">
          <input {...p} type="datetime-local" step="1" value={utcToLocalInput(stored)} required={field.required} onChange={(e) => onChange(localInputToUtc(e.target.value))} />
          {!field.required && stored ? (
            <button type="button" className="btn btn-sm btn-transparent" aria-label={`Clear ${field.name}`} onClick={() => onChange("")}>
              Clear
            </button>
          ) : null}
        </div>
      )}
    </Field>
  );
}
