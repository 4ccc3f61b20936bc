import type { ReactNode } from "react";
import { BusyButton } from "./BusyButton";

export interface FormFooterProps {
  /** The id of the form (outside the footer) that the submit button submits. */
  formId: string;
  /** A request is running: the submit button spins and the dismiss button is disabled. */
  busy: boolean;
  /** Whether the submit button is enabled (default: while not busy). */
  canSubmit?: boolean;
  submitLabel: ReactNode;
  /** "Close" or "Cancel", as the screen says it. */
  dismissLabel: string;
  onDismiss: () => void;
  /** A destructive submit (restore, delete) gets the danger style. */
  danger?: boolean;
}

/** The footer of a popup or panel holding a form: dismiss, then the form's submit button. */
export function FormFooter({ formId, busy, canSubmit = !busy, submitLabel, dismissLabel, onDismiss, danger = false }: FormFooterProps) {
  return (
    <>
      <button type="button" className="btn btn-transparent" disabled={busy} onClick={onDismiss}>
        {dismissLabel}
      </button>
      <BusyButton type="submit" form={formId} className={danger ? "btn btn-danger" : "btn btn-primary"} busy={busy} disabled={!canSubmit}>
        {submitLabel}
      </BusyButton>
    </>
  );
}
