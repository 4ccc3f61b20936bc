import { useFieldError } from "../lib/formErrors";
import { Icon } from "./Icon";

/** Shows a server field error that has no visible input of its own (e.g. an invalid token). */
export function FieldErrorAlert({ name, label }: { name: string; label?: string }) {
  const message = useFieldError(name);
  if (!message) return null;
  return (
    <div className="alert alert-danger" role="alert">
      <Icon name="alert" />
      <span>
        {label ? `${label}: ` : ""}
        {message}
      </span>
    </div>
  );
}
