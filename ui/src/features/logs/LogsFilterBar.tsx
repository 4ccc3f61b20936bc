import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Icon } from "../../components/Icon";
import { registerShortcut } from "../../lib/shortcuts";
import { LOG_FILTER_KEYS } from "./logFilter";

const FilterEditor = lazy(() => import("../../components/FilterEditor"));

export const LOGS_FILTER_PLACEHOLDER = 'Search term or filter like level > 0 && data.auth = "guest"';
export const LOGS_FILTER_LABEL = "Search logs";

/** The search box: a plain input first, replaced by the lazily loaded editor with key autocomplete. */
export function LogsFilterBar({ value, onSubmit }: { value: string; onSubmit: (v: string) => void }) {
  const [draft, setDraft] = useState(value);
  const hintId = useId();
  const plainRef = useRef<HTMLInputElement>(null);
  const [focusEditor, setFocusEditor] = useState(false);

  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => setDraft(value), [value]);

  // "/" focuses the search box (outside inputs).
  useEffect(
    () =>
      registerShortcut({
        key: "/",
        handler: () => {
          const target = formRef.current?.querySelector<HTMLElement>(".cm-content, input");
          if (!target) return false;
          target.focus();
          return true;
        },
      }),
    [],
  );

  const submit = (text: string = draft) => onSubmit(text.trim());

  const plain = (
    <input
      ref={plainRef}
      className="filter-input-plain"
      type="text"
      aria-label={LOGS_FILTER_LABEL}
      aria-describedby={hintId}
      placeholder={LOGS_FILTER_PLACEHOLDER}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onFocus={() => setFocusEditor(true)}
    />
  );

  return (
    <form
      ref={formRef}
      className="searchbar"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Icon name="search" className="searchbar-icon" />
      <div className="searchbar-input">
        <Suspense fallback={plain}>
          <FilterEditor
            value={draft}
            onChange={setDraft}
            onSubmit={(v) => submit(v)}
            placeholder={LOGS_FILTER_PLACEHOLDER}
            label={LOGS_FILTER_LABEL}
            describedBy={hintId}
            completions={LOG_FILTER_KEYS}
            autoFocus={focusEditor}
          />
        </Suspense>
      </div>
      <span id={hintId} className="visually-hidden">
        Press Enter to search, / to focus this box. Plain text matches level, message and data; use operators like =, !=, ~, !~, &gt;, &gt;=, &lt;, &lt;= for a filter.
      </span>
      {draft !== value ? (
        <button type="submit" className="btn btn-sm btn-secondary">
          Search
        </button>
      ) : null}
      {value || draft ? (
        <button
          type="button"
          className="btn btn-sm btn-transparent"
          onClick={() => {
            setDraft("");
            onSubmit("");
          }}
        >
          Clear
        </button>
      ) : null}
    </form>
  );
}
