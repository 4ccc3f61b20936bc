import type { ButtonHTMLAttributes } from "react";

export interface BusyButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The button's action is running: it spins, is disabled and says it is busy. */
  busy: boolean;
}

/** A button that spins and cannot be pressed again while its action runs. */
export function BusyButton({ busy, className = "btn", disabled = false, type = "button", ...rest }: BusyButtonProps) {
  return <button {...rest} type={type} className={busy ? `${className} btn-loading` : className} disabled={busy || disabled} aria-busy={busy || undefined} />;
}
