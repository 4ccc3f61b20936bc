import { useEffect, useRef } from "react";
import { EditorState } from "@codemirror/state";
import { EditorView, keymap, placeholder as placeholderExt } from "@codemirror/view";
import { autocompletion, completionStatus, type CompletionContext, type CompletionResult } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { syntaxHighlighting } from "@codemirror/language";
import { classHighlighter } from "@lezer/highlight";
import { filterLanguage } from "./filterLanguage";

export interface FilterEditorProps {
  value: string;
  onChange: (v: string) => void;
  onSubmit: (v: string) => void;
  placeholder?: string;
  label: string;
  describedBy?: string;
  /** Keys offered by autocomplete (e.g. level, message, data.execTime). */
  completions: string[];
  autoFocus?: boolean;
}

/** Completion source over a fixed key list, matching the identifier before the cursor. */
export function keyCompletionSource(keys: string[]) {
  return (ctx: CompletionContext): CompletionResult | null => {
    const word = ctx.matchBefore(/[\w.@]+/);
    if (!word && !ctx.explicit) return null;
    const from = word ? word.from : ctx.pos;
    return {
      from,
      options: keys.map((k) => ({ label: k, type: "property" })),
      validFor: /^[\w.@]*$/,
    };
  };
}

/** A single-line CodeMirror input (loaded on demand) with key autocomplete; Enter submits. */
export default function FilterEditor({ value, onChange, onSubmit, placeholder = "", label, describedBy, completions, autoFocus }: FilterEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ onChange, onSubmit });
  latest.current = { onChange, onSubmit };

  useEffect(() => {
    if (!host.current) return;
    const attrs: Record<string, string> = { "aria-label": label, "aria-multiline": "false", spellcheck: "false", autocapitalize: "off", autocorrect: "off" };
    if (describedBy) attrs["aria-describedby"] = describedBy;
    const v = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          history(),
          // One line only: pasted newlines become spaces.
          EditorState.transactionFilter.of((tr) => {
            if (!tr.docChanged || tr.newDoc.lines <= 1) return tr;
            const text = tr.newDoc.toString().replace(/\s*\n\s*/g, " ");
            return { changes: { from: 0, to: tr.startState.doc.length, insert: text }, selection: { anchor: text.length } };
          }),
          keymap.of([
            {
              key: "Enter",
              run: (ed) => {
                if (completionStatus(ed.state) === "active") return false;
                latest.current.onSubmit(ed.state.doc.toString());
                return true;
              },
            },
            ...historyKeymap,
            ...defaultKeymap,
          ]),
          autocompletion({ override: [keyCompletionSource(completions)], icons: false }),
          filterLanguage,
          syntaxHighlighting(classHighlighter),
          placeholderExt(placeholder),
          EditorView.contentAttributes.of(attrs),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) latest.current.onChange(u.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = v;
    if (autoFocus) {
      v.focus();
      v.dispatch({ selection: { anchor: v.state.doc.length } });
    }
    return () => {
      v.destroy();
      view.current = null;
    };
    // The editor is created once; later value changes are synced below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const current = v.state.doc.toString();
    if (current !== value) v.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [value]);

  return <div ref={host} className="filter-editor" data-testid="filter-editor" />;
}
