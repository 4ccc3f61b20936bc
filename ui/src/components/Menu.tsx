import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useLayoutEffect, useRef, useState, type ReactNode } from "react";

export interface MenuItem {
  label: string;
  icon?: ReactNode;
  onSelect: () => void;
  danger?: boolean;
}

export interface MenuProps {
  /** Accessible name of the trigger button. */
  label: string;
  trigger: ReactNode;
  items: MenuItem[];
  triggerClassName?: string;
  placement?: "top-start" | "bottom-end" | "bottom-start" | "top-end";
}

/** Gap in px between the trigger and the list. */
const GAP = 6;

/**
 * Menu button on Radix: arrow keys, Home/End and typeahead move between items, Escape or an
 * outside click closes, the focus returns to the trigger. Not modal: the page stays usable.
 */
export function Menu({ label, trigger, items, triggerClassName = "", placement = "bottom-end" }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [side, align] = placement.split("-") as ["top" | "bottom", "start" | "end"];
  const trig = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<"first" | "last" | null>(null);
  // The chosen item runs once the menu has closed and the focus is back on the trigger, so a
  // panel or confirmation it opens takes the trigger as where to return the focus.
  const chosen = useRef<MenuItem | null>(null);
  const runChosen = () => {
    const item = chosen.current;
    if (!item) return;
    chosen.current = null;
    trig.current?.focus();
    item.onSelect();
  };

  // Opened from the keyboard, an item has the focus before the next key: Radix moves it there in
  // a later effect and only while it believes the keyboard is in use, which a pointer event the
  // browser fires as the list appears under the mouse undoes (the next ArrowDown then went to the first item).
  useLayoutEffect(() => {
    const where = focusOnOpen.current;
    focusOnOpen.current = null;
    if (!open || !where) return;
    const focus = () => {
      const all = list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]');
      all?.[where === "first" ? 0 : all.length - 1]?.focus();
    };
    focus();
    // Radix's own opening focus lands on the first item after this; the last one takes it back
    if (where === "last") requestAnimationFrame(focus);
  }, [open]);

  return (
    <div className="menu">
      <DropdownMenu.Root
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          // Radix skips its close focus (and so the chosen item) when the focus has already
          // left the list; the chosen item then runs on the next frame instead of being lost.
          if (!next) requestAnimationFrame(() => runChosen());
        }}
        modal={false}
      >
        <DropdownMenu.Trigger
          ref={trig}
          className={triggerClassName}
          aria-label={label}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown" || e.key === "Enter" || e.key === " ") focusOnOpen.current = "first";
            if (e.key !== "ArrowUp") return;
            e.preventDefault();
            focusOnOpen.current = "last";
            setOpen(true);
          }}
        >
          {trigger}
        </DropdownMenu.Trigger>
        <DropdownMenu.Content
          ref={list}
          aria-label={label}
          className="menu-list"
          side={side}
          align={align}
          sideOffset={GAP}
          avoidCollisions={false}
          onCloseAutoFocus={(e) => {
            if (!chosen.current) return;
            e.preventDefault();
            runChosen();
          }}
        >
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.label}
              asChild
              onSelect={() => {
                chosen.current = item;
              }}
            >
              <button type="button" className={`menu-item${item.danger ? " menu-item-danger" : ""}`}>
                {item.icon}
                <span>{item.label}</span>
              </button>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Root>
    </div>
  );
}
