import { lazy, Suspense } from "react";
import { Field } from "../../../components/Field";
import { FieldLabel } from "./BasicInputs";
import type { FieldInputProps } from "./types";

// tiptap is loaded only when an editor field is shown
const RichEditor = lazy(() => import("./RichEditor"));

/** editor: the rich text editor (tiptap, on demand) with image insert through the file picker. */
export function EditorInput({ field, value, onChange, collections, error }: FieldInputProps) {
  const html = typeof value === "string" ? value : "";
  return (
    <Field name={field.name} label={<FieldLabel name={field.name} type="editor" />} required={field.required} error={error}>
      {(p) => (
        <Suspense fallback={<div className="rich-editor rich-editor-loading" id={p.id} aria-busy="true" />}>
          <RichEditor id={p.id} label={field.name} describedBy={p["aria-describedby"]} value={html} onChange={onChange} collections={collections} convertUrls={!!field.options?.convertUrls} />
        </Suspense>
      )}
    </Field>
  );
}
