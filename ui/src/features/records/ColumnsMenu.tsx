import { useEffect, useId, useRef, useState } from "react";
import { registerShortcut } from "../../lib/shortcuts";
import { CIcon } from "../collections/icons";
import type { RecordColumn } from "./listModel";

/** The column-toggle popover: one checkbox per column, remembered per collection by the caller. */
export function ColumnsMenu({ columns, hidden, onToggle }: { columns: RecordColumn[]; hidden: string[]; onToggle: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    const off = registerShortcut({
      key: "Escape",
      allowInInputs: true,
      handler: () => {
        setOpen(false);
        button.current?.focus();
        return true;
      },
    });
    return () => {
      document.removeEventListener("mousedown", onDown);
      off();
    };
  }, [open]);

  return (
    <div className="columns-menu" ref={root}>
      <button ref={button} type="button" className="btn-icon btn-sm" aria-label="Toggle columns" aria-expanded={open} aria-controls={open ? id : undefined} onClick={() => setOpen((o) => !o)}>
        <CIcon name="sliders" size={16} />
      </button>
      {open ? (
        <div id={id} className="columns-menu-list" role="group" aria-label="Visible columns">
          {columns.map((c) => (
            <label key={c.id} className="checkbox-label">
              <input type="checkbox" checked={!hidden.includes(c.id)} onChange={() => onToggle(c.id)} />
              <span>{c.label}</span>
            </label>
          ))}
        </div>
      ) : null}
    </div>
  );
}
