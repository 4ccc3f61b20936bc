import { Suspense, useState, type ReactNode } from "react";
import { lazyWithPreload } from "../lib/lazyWithPreload";
import { SearchForm } from "./SearchForm";

const FilterEditor = lazyWithPreload(() => import("./FilterEditor"));

export interface FilterSearchBarProps {
  value: string;
  onSubmit: (v: string) => void;
  label: string;
  placeholder: string;
  /** How to use the box, read to screen readers (see SearchForm). */
  hint: ReactNode;
  className: string;
  /** The keys the editor's autocomplete offers. */
  completions: string[];
}

/**
 * A list's search box for plain text or a filter. It is a plain input until first focused, then
 * the filter editor with key autocomplete: CodeMirror loads only once the box is used (pointing
 * at it starts the load), so the page opens without it.
 */
export function FilterSearchBar({ value, onSubmit, label, placeholder, hint, className, completions }: FilterSearchBarProps) {
  const [focusEditor, setFocusEditor] = useState(false);
  return (
    <SearchForm value={value} onSubmit={onSubmit} className={className} hint={hint}>
      {({ draft, setDraft, submit, hintId }) => {
        const plain = (
          <input
            className="filter-input-plain"
            type="text"
            aria-label={label}
            aria-describedby={hintId}
            placeholder={placeholder}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onMouseEnter={() => void FilterEditor.preload()}
            onFocus={() => setFocusEditor(true)}
          />
        );
        return !focusEditor ? (
          plain
        ) : (
          <Suspense fallback={plain}>
            <FilterEditor
              key={completions.join(",")}
              value={draft}
              onChange={setDraft}
              onSubmit={(v) => submit(v)}
              placeholder={placeholder}
              label={label}
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
