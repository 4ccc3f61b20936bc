import { useLayoutEffect, useRef, type ButtonHTMLAttributes } from "react";

export interface BusyButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The button's action is running: it spins, is disabled and says it is busy. */
  busy: boolean;
}

/**
 * A button that spins and cannot be pressed again while its action runs. Disabled, it loses the
 * focus to the page; it takes it back when the action ends, so a keyboard user pressing it
 * ("Load more") stays where they were.
 */
export function BusyButton({ busy, className = "btn", disabled = false, type = "button", ...rest }: BusyButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // runs before the browser moves the focus off the now disabled button
    if (busy) hadFocus.current = document.activeElement === el;
    else if (hadFocus.current) {
      hadFocus.current = false;
      const active = document.activeElement;
      if (!active || active === document.body) el.focus();
    }
  }, [busy]);
  return <button {...rest} ref={ref} type={type} className={busy ? `${className} btn-loading` : className} disabled={busy || disabled} aria-busy={busy || undefined} />;
}
