import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { registerShortcut } from "../lib/shortcuts";

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

/** Menu button: arrow keys move between items, Escape or Tab closes, focus returns to the trigger. */
export function Menu({ label, trigger, items, triggerClassName = "", placement = "bottom-end" }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const close = useCallback((restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) close(false);
    };
    document.addEventListener("mousedown", onDown);
    const unregister = registerShortcut({
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
      unregister();
    };
  }, [open, close]);

  const openWith = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };

  const onMenuKeyDown = (e: React.KeyboardEvent) => {
    const n = items.length;
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setFocusIndex((i) => (i + 1) % n);
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setFocusIndex((i) => (i - 1 + n) % n);
    } else if (e.key === "Home") {
      e.preventDefault();
      setFocusIndex(0);
    } else if (e.key === "End") {
      e.preventDefault();
      setFocusIndex(n - 1);
    } else if (e.key === "Tab") {
      close(false);
    }
  };

  return (
    <div className="menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={triggerClassName}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => (open ? close(false) : openWith(0))}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            openWith(0);
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            openWith(items.length - 1);
          }
        }}
      >
        {trigger}
      </button>
      {open ? (
        <div id={id} role="menu" aria-label={label} className={`menu-list menu-${placement}`} onKeyDown={onMenuKeyDown}>
          {items.map((item, i) => (
            <button
              key={item.label}
              ref={(el) => {
                itemRefs.current[i] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={i === focusIndex ? 0 : -1}
              className={`menu-item${item.danger ? " menu-item-danger" : ""}`}
              onClick={() => {
                close(false);
                item.onSelect();
              }}
            >
              {item.icon}
              <span>{item.label}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
