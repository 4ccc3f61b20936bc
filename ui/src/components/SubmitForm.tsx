import type { ReactNode } from "react";

export interface SubmitFormProps {
  /** For footer buttons outside the form (form={id}). */
  id?: string;
  className?: string;
  /** The form's accessible name. */
  label?: string;
  onSubmit: () => void;
  children: ReactNode;
}

/**
 * A form submitted by Enter or by a submit button (inside it, or in a footer pointing at its
 * id with form={id}); the browser's own validation popups stay off so the app's messages show instead.
 */
export function SubmitForm({ id, className = "form", label, onSubmit, children }: SubmitFormProps) {
  return (
    <form
      id={id}
      className={className}
      noValidate
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
