/**
 * The one keyboard-shortcut registry: a single keydown listener dispatching to registered
 * handlers, newest first. A handler returning true consumes the event.
 */
export interface Shortcut {
  /** KeyboardEvent.key, compared case-insensitively ("Escape", "s", "/"). */
  key: string;
  /** Require Ctrl (or Cmd on macOS). */
  mod?: boolean;
  /** Fire even when focus is in an input, textarea, select or editable element. */
  allowInInputs?: boolean;
  handler: (e: KeyboardEvent) => boolean | void;
}

const registry: Shortcut[] = [];
let bound = false;

export function isEditableTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== "function") return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  return !!el.closest("input, textarea, select, [contenteditable=''], [contenteditable='true'], .cm-editor");
}

function onKeyDown(e: KeyboardEvent) {
  if (e.defaultPrevented) return;
  for (let i = registry.length - 1; i >= 0; i--) {
    const s = registry[i];
    if (!s || s.key.toLowerCase() !== e.key.toLowerCase()) continue;
    if (!!s.mod !== (e.ctrlKey || e.metaKey)) continue;
    if (!s.allowInInputs && isEditableTarget(e.target)) continue;
    if (s.handler(e) === true) {
      e.preventDefault();
      return;
    }
  }
}

/** Registers a shortcut; returns the function that removes it. */
export function registerShortcut(shortcut: Shortcut): () => void {
  if (!bound && typeof window !== "undefined") {
    window.addEventListener("keydown", onKeyDown);
    bound = true;
  }
  registry.push(shortcut);
  return () => {
    const i = registry.indexOf(shortcut);
    if (i >= 0) registry.splice(i, 1);
  };
}
