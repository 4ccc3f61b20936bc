import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { registerShortcut } from "../lib/shortcuts";
import { Icon } from "./Icon";

/** What the search input inside a SearchForm gets. */
export interface SearchBox {
  draft: string;
  setDraft: (v: string) => void;
  /** Searches for `text` (default: the draft), trimmed. */
  submit: (text?: string) => void;
  /** The id of the hidden usage hint, for aria-describedby. */
  hintId: string;
}

/**
 * A list's search form (role=search): the input (given by `children`, plain or the filter editor)
 * edits a draft; Enter or Search applies it, Clear empties it, and "/" focuses the box from
 * anywhere outside an input.
 */
export function SearchForm({ value, onSubmit, className, landmark, hint, children }: { value: string; onSubmit: (v: string) => void; className: string; /** The search landmark's name (a page has several), e.g. "Records": not the box's own label. */ landmark: string; hint: ReactNode; children: (box: SearchBox) => ReactNode }) {
  const [draft, setDraft] = useState(value);
  const hintId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => setDraft(value), [value]);

  useEffect(
    () =>
      registerShortcut({
        key: "/",
        description: "Focus the search box",
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

  return (
    <form
      ref={formRef}
      className={className}
      role="search"
      aria-label={landmark}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Icon name="search" className="searchbar-icon" />
      <div className="searchbar-input">{children({ draft, setDraft, submit, hintId })}</div>
      <span id={hintId} className="visually-hidden">
        {hint}
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
