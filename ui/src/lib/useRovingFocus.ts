import { useState, type FocusEvent, type KeyboardEvent } from "react";

const OPTION = '[role="option"]';

/** How many options share the first one's row: a grid's columns. */
function columnsOf(options: HTMLElement[]): number {
  const top = options[0]?.offsetTop;
  const n = options.findIndex((o) => o.offsetTop !== top);
  return n < 0 ? options.length || 1 : n;
}

/** The option index a key moves to from `current` (of `count`, `columns` a row), or null for other keys. */
export function movedIndex(key: string, current: number, count: number, columns: number): number | null {
  const last = count - 1;
  switch (key) {
    case "ArrowRight":
      return columns > 1 ? Math.min(last, current + 1) : null;
    case "ArrowLeft":
      return columns > 1 ? Math.max(0, current - 1) : null;
    case "ArrowDown":
      return Math.min(last, current + columns);
    case "ArrowUp":
      return Math.max(0, current - columns);
    case "Home":
      return 0;
    case "End":
      return last;
    default:
      return null;
  }
}

/**
 * Keyboard moves in a listbox (a list or a grid of options): one option is in the tab order
 * (the last one focused, at first the first), the arrow keys, Home and End move the focus between
 * them; Enter or Space on an option is the option's own business.
 * Spread `listProps` on the listbox and give each option `tabIndex={tabIndexOf(i)}`. In a grid
 * Left/Right move by one and Up/Down by a row (as many options as the first row shows).
 */
export function useRovingFocus(count: number, { grid = false } = {}) {
  const [active, setActive] = useState(0);
  const current = Math.min(active, Math.max(0, count - 1));
  const listProps = {
    onKeyDown(e: KeyboardEvent<HTMLElement>) {
      const options = [...e.currentTarget.querySelectorAll<HTMLElement>(OPTION)];
      const from = options.indexOf(document.activeElement as HTMLElement);
      if (from < 0) return;
      const to = movedIndex(e.key, from, options.length, grid ? columnsOf(options) : 1);
      if (to === null) return;
      e.preventDefault();
      options[to].focus();
      options[to].scrollIntoView?.({ block: "nearest" });
    },
    onFocus(e: FocusEvent<HTMLElement>) {
      const option = (e.target as HTMLElement).closest?.(OPTION);
      if (!option) return;
      const i = [...e.currentTarget.querySelectorAll(OPTION)].indexOf(option);
      if (i >= 0) setActive(i);
    },
  };
  return { listProps, tabIndexOf: (i: number) => (i === current ? 0 : -1) };
}
