import { lazy, Suspense, useState } from "react";
import { SearchForm } from "../../components/SearchForm";
import { LOG_FILTER_KEYS } from "./logFilter";

const FilterEditor = lazy(() => import("../../components/FilterEditor"));

export const LOGS_FILTER_PLACEHOLDER = 'Search term or filter like level > 0 && data.auth = "guest"';
export const LOGS_FILTER_LABEL = "Search logs";

/** The search box: a plain input first, replaced by the lazily loaded editor with key autocomplete. */
export function LogsFilterBar({ value, onSubmit }: { value: string; onSubmit: (v: string) => void }) {
  const [focusEditor, setFocusEditor] = useState(false);
  return (
    <SearchForm
      value={value}
      onSubmit={onSubmit}
      className="searchbar"
      hint="Press Enter to search, / to focus this box. Plain text matches level, message and data; use operators like =, !=, ~, !~, >, >=, <, <= for a filter."
    >
      {({ draft, setDraft, submit, hintId }) => (
        <Suspense
          fallback={
            <input
              className="filter-input-plain"
              type="text"
              aria-label={LOGS_FILTER_LABEL}
              aria-describedby={hintId}
              placeholder={LOGS_FILTER_PLACEHOLDER}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onFocus={() => setFocusEditor(true)}
            />
          }
        >
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
      )}
    </SearchForm>
  );
}
