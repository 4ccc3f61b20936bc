import { Suspense, useState } from "react";
import { lazyWithPreload } from "../../lib/lazyWithPreload";
import { SearchForm } from "../../components/SearchForm";

const FilterEditor = lazyWithPreload(() => import("../../components/FilterEditor"));
const loadFilterEditor = FilterEditor.preload;

export const RECORDS_FILTER_PLACEHOLDER = 'Search term or filter like created > "2022-01-01"...';
export const RECORDS_FILTER_LABEL = "Search records";

/** The records search box: plain text or a filter, with key autocomplete once the editor loaded. */
export function RecordsSearchBar({ value, onSubmit, completions }: { value: string; onSubmit: (v: string) => void; completions: string[] }) {
  const [focusEditor, setFocusEditor] = useState(false);
  return (
    <SearchForm
      value={value}
      onSubmit={onSubmit}
      className="searchbar records-searchbar"
      hint="Press Enter to search, / to focus this box. Plain text matches every field; use operators like =, !=, ~, !~, >, >=, <, <= for a filter."
    >
      {({ draft, setDraft, submit, hintId }) => {
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
        // CodeMirror loads only once the box is used, so the page opens without it
        return !focusEditor ? (
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
        );
      }}
    </SearchForm>
  );
}
