import { Suspense, useRef, useState, type ReactNode } from "react";
import { lazyWithPreload, useLoaded } from "../lib/lazyWithPreload";
import { SearchForm } from "./SearchForm";

const FilterEditor = lazyWithPreload(() => import("./FilterEditor"));

export interface FilterSearchBarProps {
  value: string;
  onSubmit: (v: string) => void;
  label: string;
  /** The search landmark's name, e.g. "Records". */
  landmark: string;
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
 * at it starts the load), so the page opens without it. The plain input stays until the editor's
 * code is there, so what is typed meanwhile is kept (a suspended editor's fallback was another
 * input, and the focus fell to the page).
 */
export function FilterSearchBar({ value, onSubmit, label, landmark, placeholder, hint, className, completions }: FilterSearchBarProps) {
  const [wanted, setWanted] = useState(false);
  const loaded = useLoaded(FilterEditor, wanted);
  // the editor takes the focus only if the plain input still has it when the editor arrives
  const plainFocused = useRef(false);
  return (
    <SearchForm value={value} onSubmit={onSubmit} className={className} landmark={landmark} hint={hint}>
      {({ draft, setDraft, submit, hintId }) =>
        !(wanted && loaded) ? (
          <input
            className="filter-input-plain"
            type="text"
            aria-label={label}
            aria-describedby={hintId}
            placeholder={placeholder}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onMouseEnter={() => void FilterEditor.preload().catch(() => {})}
            onFocus={() => {
              plainFocused.current = true;
              setWanted(true);
            }}
            onBlur={() => (plainFocused.current = false)}
          />
        ) : (
          <Suspense fallback={null}>
            <FilterEditor
              key={completions.join(",")}
              value={draft}
              onChange={setDraft}
              onSubmit={(v) => submit(v)}
              placeholder={placeholder}
              label={label}
              describedBy={hintId}
              completions={completions}
              autoFocus={plainFocused.current}
            />
          </Suspense>
        )
      }
    </SearchForm>
  );
}
