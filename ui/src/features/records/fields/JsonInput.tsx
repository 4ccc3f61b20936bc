import { lazy, Suspense } from "react";
import { Field } from "../../../components/Field";
import { jsonParseError, normalizeJsonText } from "../recordModel";
import { FieldLabel } from "./BasicInputs";
import type { FieldInputProps } from "./types";
import { CodeFallback } from "../../../components/CodeFallback";

const CodeEditor = lazy(() => import("../../collections/editor/CodeEditor"));

export const VALID_JSON = "Valid JSON";
export const INVALID_JSON = "Invalid JSON";

/** json: CodeMirror with a Valid/Invalid JSON marker; empty counts as valid. */
export function JsonInput({ field, value, onChange, error }: FieldInputProps) {
  const text = typeof value === "string" ? value : "";
  const valid = !jsonParseError(normalizeJsonText(text));
  return (
    <Field
      name={field.name}
      label={
        <span className="json-label">
          <FieldLabel name={field.name} type="json" />
          <span className={`json-state ${valid ? "txt-success" : "txt-danger"}`} role="status">
            {valid ? VALID_JSON : INVALID_JSON}
          </span>
        </span>
      }
      required={field.required}
      error={error}
    >
      {(p) => (
        <Suspense fallback={<CodeFallback id={p.id} value={text} onChange={(e) => onChange(e.target.value)} />}>
          <CodeEditor language="json" tabMovesFocus id={p.id} label={field.name} describedBy={p["aria-describedby"]} invalid={!valid || !!p["aria-invalid"]} value={text} onChange={onChange} />
        </Suspense>
      )}
    </Field>
  );
}
