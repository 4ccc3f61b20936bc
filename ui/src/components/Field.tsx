import { useId, type ReactNode } from "react";
import { clearFieldError, useFieldError, useFormErrorsStore } from "../lib/formErrors";

export interface FieldControlProps {
  id: string;
  name: string;
  "aria-invalid": boolean | undefined;
  "aria-describedby": string | undefined;
}

export interface FieldProps {
  /** Dotted name matching the server's error data ("email", "logs.maxDays"). */
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  /** A client-side validation message shown before any server error. */
  error?: string;
  required?: boolean;
  className?: string;
  /** Checkbox layout: control before the label. */
  inline?: boolean;
  children: (props: FieldControlProps) => ReactNode;
}

/** Label + control + hint + error; a server error for `name` clears when the user edits the control. */
export function Field({ name, label, hint, error, required, className = "", inline, children }: FieldProps) {
  const id = useId();
  const serverError = useFieldError(name);
  const errorsStore = useFormErrorsStore();
  const message = error || serverError;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = message ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  const control = children({ id, name, "aria-invalid": message ? true : undefined, "aria-describedby": describedBy });
  return (
    <div
      className={`field${inline ? " field-inline" : ""}${message ? " field-error" : ""} ${className}`.trim()}
      onInput={() => clearFieldError(name, errorsStore)}
      onChange={() => clearFieldError(name, errorsStore)}
    >
      {inline ? (
        <>
          {control}
          <label htmlFor={id}>{label}</label>
        </>
      ) : (
        <>
          <label htmlFor={id} className={required ? "label-required" : undefined}>
            {label}
          </label>
          {control}
        </>
      )}
      {message ? (
        <div id={errorId} className="field-error-message" role="alert">
          {message}
        </div>
      ) : null}
      {hint ? (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
