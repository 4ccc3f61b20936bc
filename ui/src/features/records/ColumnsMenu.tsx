import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties } from "react";
import { createPortal } from "react-dom";
import { registerShortcut } from "../../lib/shortcuts";
import { CIcon } from "../collections/icons";
import type { RecordColumn } from "./listModel";

/** Gap between the button and the list, and the least room kept below the list. */
const GAP = 4;
const MARGIN = 8;
const MAX_HEIGHT = 480;

/** Where the list goes: under the button, right-aligned with it, no taller than the room below. */
function placeUnder(button: HTMLElement): CSSProperties {
  const r = button.getBoundingClientRect();
  const top = r.bottom + GAP;
  return { position: "fixed", top, right: Math.max(MARGIN, window.innerWidth - r.right), maxHeight: Math.max(120, Math.min(MAX_HEIGHT, window.innerHeight - top - MARGIN)) };
}

/**
 * The column-toggle popover: one checkbox per column, remembered per collection by the caller.
 * The list is rendered on the page's body: the table's box clips what overflows it, which cut a
 * long list off under a short table. It follows the button on scroll and resize, and closes on
 * Escape, an outside click, and when the focus leaves it (Tab past either end returns to the button).
 */
export function ColumnsMenu({ columns, hidden, onToggle }: { columns: RecordColumn[]; hidden: string[]; onToggle: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  const [style, setStyle] = useState<CSSProperties>({});
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  // placed before it renders: focusing a list not yet placed (at the body's end) scrolled the page
  const openList = () => {
    if (button.current) setStyle(placeUnder(button.current));
    setOpen(true);
  };

  useLayoutEffect(() => {
    if (open) list.current?.querySelector("input")?.focus({ preventScroll: true });
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const inside = (t: EventTarget | null) => t instanceof Node && (!!list.current?.contains(t) || !!button.current?.contains(t));
    const onDown = (e: MouseEvent) => {
      if (!inside(e.target)) setOpen(false);
    };
    // the list follows the button when the page (or the table) scrolls or resizes
    let frame = 0;
    const follow = (e: Event) => {
      if (frame || (e.target instanceof Node && list.current?.contains(e.target))) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (button.current) setStyle(placeUnder(button.current));
      });
    };
    document.addEventListener("mousedown", onDown);
    window.addEventListener("scroll", follow, true);
    window.addEventListener("resize", follow);
    const off = registerShortcut({
      key: "Escape",
      allowInInputs: true,
      description: "Close the menu",
      handler: () => {
        close(true);
        return true;
      },
    });
    return () => {
      document.removeEventListener("mousedown", onDown);
      window.removeEventListener("scroll", follow, true);
      window.removeEventListener("resize", follow);
      cancelAnimationFrame(frame);
      off();
    };
  }, [open]);

  const onListKeyDown = (e: React.KeyboardEvent) => {
    if (e.key !== "Tab" || !list.current) return;
    const boxes = list.current.querySelectorAll("input");
    const edge = e.shiftKey ? boxes[0] : boxes[boxes.length - 1];
    if (document.activeElement !== edge) return;
    e.preventDefault();
    close(true);
  };

  return (
    <div className="columns-menu">
      <button ref={button} type="button" className="btn-icon btn-sm" aria-label="Toggle columns" aria-expanded={open} aria-controls={open ? id : undefined} onClick={() => (open ? close(false) : openList())}>
        <CIcon name="sliders" size={16} />
      </button>
      {open
        ? createPortal(
            <div
              id={id}
              ref={list}
              className="columns-menu-list"
              role="group"
              aria-label="Visible columns"
              style={style}
              onKeyDown={onListKeyDown}
              onBlur={(e) => {
                if (e.relatedTarget && !list.current?.contains(e.relatedTarget as Node) && e.relatedTarget !== button.current) setOpen(false);
              }}
            >
              {columns.map((c) => (
                <label key={c.id} className="checkbox-label">
                  <input type="checkbox" checked={!hidden.includes(c.id)} onChange={() => onToggle(c.id)} />
                  <span>{c.label}</span>
                </label>
              ))}
            </div>,
            document.body,
          )
        : null}
    </div>
  );
}
