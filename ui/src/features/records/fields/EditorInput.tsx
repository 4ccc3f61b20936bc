import { Component, lazy, Suspense, type ReactNode } from "react";
import { Field } from "../../../components/Field";
import { FieldLabel } from "./BasicInputs";
import type { FieldInputProps } from "./types";

// tiptap is loaded only when an editor field is shown
const RichEditor = lazy(() => import("./RichEditor"));

/** If the rich text editor throws, it is mounted again (up to twice), then a plain textarea takes over. */
class EditorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failures: number; errored: boolean }> {
  state = { failures: 0, errored: false };
  static getDerivedStateFromError() {
    return { errored: true };
  }
  componentDidCatch(error: unknown) {
    console.warn("The rich text editor failed; mounting it again.", error);
    this.setState((s) => ({ failures: s.failures + 1, errored: false }));
  }
  render() {
    if (this.state.failures > 2) return this.props.fallback;
    if (this.state.errored) return null;
    return <div key={this.state.failures}>{this.props.children}</div>;
  }
}

/** editor: the rich text editor (tiptap, on demand) with image insert through the file picker. */
export function EditorInput({ field, value, onChange, collections, error }: FieldInputProps) {
  const html = typeof value === "string" ? value : "";
  return (
    <Field name={field.name} label={<FieldLabel name={field.name} type="editor" />} required={field.required} error={error}>
      {(p) => (
        <EditorBoundary fallback={<textarea id={p.id} className="code-fallback" aria-describedby={p["aria-describedby"]} value={html} onChange={(e) => onChange(e.target.value)} />}>
          <Suspense fallback={<div className="rich-editor rich-editor-loading" id={p.id} aria-busy="true" />}>
            <RichEditor id={p.id} label={field.name} describedBy={p["aria-describedby"]} value={html} onChange={onChange} collections={collections} convertUrls={!!field.options?.convertUrls} />
          </Suspense>
        </EditorBoundary>
      )}
    </Field>
  );
}
