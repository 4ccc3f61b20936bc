import * as Popover from "@radix-ui/react-popover";
import { useState } from "react";
import { CIcon } from "../collections/icons";
import type { RecordColumn } from "./listModel";

/** Gap between the button and the list, and the least room kept below the list. */
const GAP = 4;
const MARGIN = 8;

export interface ColumnsMenuProps {
  columns: RecordColumn[];
  hidden: string[];
  onToggle: (id: string) => void;
  /** Open at once (the button was pressed before this code had loaded). */
  initialOpen?: boolean;
}

/**
 * The column-toggle popover on Radix: one checkbox per column, remembered per collection by the
 * caller. The list is portalled to the page's body (the table's box clipped a long list under a
 * short table), placed under the button, right-aligned with it and no taller than the room below;
 * it follows the button on scroll and resize. Escape, an outside click and the focus leaving close
 * it; Tab past either end closes it back to the button.
 */
export function ColumnsMenu({ columns, hidden, onToggle, initialOpen = false }: ColumnsMenuProps) {
  const [open, setOpen] = useState(initialOpen);

  const onListKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== "Tab") return;
    const boxes = e.currentTarget.querySelectorAll("input");
    const edge = e.shiftKey ? boxes[0] : boxes[boxes.length - 1];
    if (document.activeElement !== edge) return;
    e.preventDefault();
    setOpen(false); // Radix gives the focus back to the button
  };

  return (
    <div className="columns-menu">
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger className="btn-icon btn-sm" aria-label="Toggle columns" aria-haspopup={undefined}>
          <CIcon name="sliders" size={16} />
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            className="columns-menu-list"
            role="group"
            aria-label="Visible columns"
            side="bottom"
            align="end"
            sideOffset={GAP}
            collisionPadding={MARGIN}
            // always under the button, as before: the list scrolls rather than flips above it
            avoidCollisions={false}
            onKeyDown={onListKeyDown}
          >
            {columns.map((c) => (
              <label key={c.id} className="checkbox-label">
                <input type="checkbox" checked={!hidden.includes(c.id)} onChange={() => onToggle(c.id)} />
                <span>{c.label}</span>
              </label>
            ))}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
