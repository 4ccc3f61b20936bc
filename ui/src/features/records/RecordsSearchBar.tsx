import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Icon } from "../../components/Icon";
import { registerShortcut } from "../../lib/shortcuts";

const loadFilterEditor = () => import("../../components/FilterEditor");
const FilterEditor = lazy(loadFilterEditor);

export const RECORDS_FILTER_PLACEHOLDER = 'Search term or filter like created > "2022-01-01"...';
export const RECORDS_FILTER_LABEL = "Search records";

/** The records search box: plain text or a filter, with key autocomplete once the editor loaded. */
export function RecordsSearchBar({ value, onSubmit, completions }: { value: string; onSubmit: (v: string) => void; completions: string[] }) {
  const [draft, setDraft] = useState(value);
  const [focusEditor, setFocusEditor] = useState(false);
  const hintId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => setDraft(value), [value]);

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
      className="filter-input-plain"
      type="text"
      aria-label={RECORDS_FILTER_LABEL}
      aria-describedby={hintId}
      placeholder={RECORDS_FILTER_PLACEHOLDER}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onMouseEnter={() => void loadFilterEditor()}
      onFocus={() => setFocusEditor(true)}
    />
  );

  return (
    <form
      ref={formRef}
      className="searchbar records-searchbar"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Icon name="search" className="searchbar-icon" />
      <div className="searchbar-input">
        {/* CodeMirror loads only once the box is used, so the page opens without it */}
        {!focusEditor ? (
          plain
        ) : (
          <Suspense fallback={plain}>
            <FilterEditor
              key={completions.join(",")}
              value={draft}
              onChange={setDraft}
              onSubmit={(v) => submit(v)}
              placeholder={RECORDS_FILTER_PLACEHOLDER}
              label={RECORDS_FILTER_LABEL}
              describedBy={hintId}
              completions={completions}
              autoFocus
            />
          </Suspense>
        )}
      </div>
      <span id={hintId} className="visually-hidden">
        Press Enter to search, / to focus this box. Plain text matches every field; use operators like =, !=, ~, !~, &gt;, &gt;=, &lt;, &lt;= for a filter.
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
