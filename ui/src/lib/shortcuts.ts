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
  /** What the key does, as the `?` list shows it; undescribed shortcuts are not listed. */
  description?: string;
}

/** A registered shortcut as the `?` list shows it. */
export interface ShortcutInfo {
  keys: string;
  description: string;
}

const registry: Shortcut[] = [];
let bound = false;
/** Bumped on every change of the registry, for the `?` list to follow it. */
let version = 0;
const watchers = new Set<() => void>();

function changed() {
  version++;
  for (const w of [...watchers]) w();
}

/** Calls the watcher on every (un)registration; returns the function that stops it. */
export function watchShortcuts(watcher: () => void): () => void {
  watchers.add(watcher);
  return () => void watchers.delete(watcher);
}

export function shortcutsVersion(): number {
  return version;
}

/** Inputs that take no typing: keys like Escape belong to the page, not to them. */
const UNTYPED_INPUTS = new Set(["checkbox", "radio", "button", "submit", "reset", "image", "file", "color", "range", "hidden"]);

/** True where the focus types text (text-like inputs, textareas, selects, editors), so keys are its own. */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== "function") return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  if (el instanceof HTMLInputElement) return !UNTYPED_INPUTS.has(el.type);
  return !!el.closest("textarea, select, [contenteditable=''], [contenteditable='true'], .cm-editor");
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
  changed();
  return () => {
    const i = registry.indexOf(shortcut);
    if (i >= 0) registry.splice(i, 1);
    changed();
  };
}

/** "Ctrl+K" (⌘K on macOS), "Esc", "/": how a shortcut's keys read. */
export function shortcutKeys(s: Pick<Shortcut, "key" | "mod">, mac = typeof navigator !== "undefined" && /Mac|iP(hone|ad)/.test(navigator.platform)): string {
  const key = s.key === "Escape" ? "Esc" : s.key.length === 1 ? s.key.toUpperCase() : s.key;
  if (!s.mod) return key;
  return mac ? `⌘${key}` : `Ctrl+${key}`;
}

/** The described shortcuts registered now, newest first, each keys+description once. */
export function listShortcuts(): ShortcutInfo[] {
  const seen = new Set<string>();
  const out: ShortcutInfo[] = [];
  for (let i = registry.length - 1; i >= 0; i--) {
    const s = registry[i];
    if (!s?.description) continue;
    const info = { keys: shortcutKeys(s), description: s.description };
    const id = `${info.keys}\n${info.description}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(info);
  }
  return out;
}
