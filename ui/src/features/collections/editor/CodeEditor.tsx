import "./codeEditor.css";
import { useEffect, useRef } from "react";
import { claimFallbackFocus } from "../../../components/CodeFallback";
import { Compartment, EditorState } from "@codemirror/state";
import { EditorView, keymap, placeholder as placeholderExt } from "@codemirror/view";
import { autocompletion } from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { syntaxHighlighting } from "@codemirror/language";
import { classHighlighter } from "@lezer/highlight";
import { keyCompletionSource } from "../../../components/FilterEditor";
import { filterLanguage } from "../../../components/filterLanguage";

export interface CodeEditorProps {
  value: string;
  onChange: (v: string) => void;
  /** "sql" and "json" load their language on demand; "filter" is plain text with key autocomplete. */
  language: "sql" | "filter" | "json";
  label: string;
  id?: string;
  describedBy?: string;
  invalid?: boolean;
  placeholder?: string;
  completions?: string[];
  autoFocus?: boolean;
  disabled?: boolean;
  /** Tab moves the focus on instead of indenting (a form field among others, as PocketBase's JSON field). */
  tabMovesFocus?: boolean;
  /** The SQL the server's database speaks (language "sql"): a view's query is the engine's own SQL. */
  sqlDialect?: SqlEngine;
}

export type SqlEngine = "sqlite" | "postgres";

/** Loads the SQL language (on demand) for the engine's dialect into the editor's language slot. */
function loadSql(v: EditorView, slot: Compartment, engine: SqlEngine, live: () => boolean) {
  void import("@codemirror/lang-sql").then(({ sql, SQLite, PostgreSQL }) => {
    if (live()) v.dispatch({ effects: slot.reconfigure(sql({ dialect: engine === "postgres" ? PostgreSQL : SQLite })) });
  });
}

/** A multi-line CodeMirror editor (loaded on demand) for SQL statements, filter rules and JSON values. */
export default function CodeEditor({ value, onChange, language, label, id, describedBy, invalid, placeholder = "", completions, autoFocus, disabled, tabMovesFocus, sqlDialect = "sqlite" }: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ onChange });
  latest.current = { onChange };
  const lang = useRef(new Compartment());
  const attrsCompartment = useRef(new Compartment());
  const completionCompartment = useRef(new Compartment());

  const contentAttrs = () => {
    const attrs: Record<string, string> = { "aria-label": label, "aria-multiline": "true", spellcheck: "false", autocapitalize: "off", autocorrect: "off" };
    if (id) attrs.id = id;
    if (describedBy) attrs["aria-describedby"] = describedBy;
    if (invalid) attrs["aria-invalid"] = "true";
    return EditorView.contentAttributes.of(attrs);
  };

  useEffect(() => {
    if (!host.current) return;
    const v = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          history(),
          keymap.of([...historyKeymap, ...defaultKeymap, ...(tabMovesFocus ? [] : [indentWithTab])]),
          EditorView.lineWrapping,
          syntaxHighlighting(classHighlighter),
          lang.current.of(language === "filter" ? filterLanguage : []),
          completionCompartment.current.of(completions ? autocompletion({ override: [keyCompletionSource(completions)], icons: false }) : []),
          placeholderExt(placeholder),
          attrsCompartment.current.of([contentAttrs(), EditorView.editable.of(!disabled)]),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) latest.current.onChange(u.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = v;
    if (autoFocus || claimFallbackFocus(id)) {
      v.focus();
      v.dispatch({ selection: { anchor: v.state.doc.length } });
    }
    let cancelled = false;
    if (language === "sql") loadSql(v, lang.current, sqlDialect, () => !cancelled);
    if (language === "json") {
      void import("@codemirror/lang-json").then(({ json }) => {
        if (!cancelled) v.dispatch({ effects: lang.current.reconfigure(json()) });
      });
    }
    return () => {
      cancelled = true;
      v.destroy();
      view.current = null;
    };
    // created once; value and attributes are synced below
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    v.dispatch({ effects: attrsCompartment.current.reconfigure([contentAttrs(), EditorView.editable.of(!disabled)]) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [label, id, describedBy, invalid, disabled]);

  // The engine is known once the health check answers, possibly after the editor opened.
  const firstDialect = useRef(sqlDialect);
  useEffect(() => {
    const v = view.current;
    if (!v || language !== "sql" || sqlDialect === firstDialect.current) return;
    firstDialect.current = sqlDialect;
    let live = true;
    loadSql(v, lang.current, sqlDialect, () => live);
    return () => {
      live = false;
    };
  }, [language, sqlDialect]);

  useEffect(() => {
    const v = view.current;
    if (!v || !completions) return;
    v.dispatch({ effects: completionCompartment.current.reconfigure(autocompletion({ override: [keyCompletionSource(completions)], icons: false })) });
  }, [completions]);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const current = v.state.doc.toString();
    if (current !== value) v.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [value]);

  return <div ref={host} className={`code-editor code-editor-${language}${invalid ? " invalid" : ""}${disabled ? " disabled" : ""}`} data-testid={`code-editor-${language}`} data-sql-dialect={language === "sql" ? sqlDialect : undefined} />;
}
