import { useRef } from "react";
import type { FieldControlProps } from "../../components/Field";
import { REDACTED } from "../../data/settings/redact";

/**
 * A masked secret input. A redacted (stored, unrevealed) value shows read-only with a
 * 'Set new value' button; the redacted text is never sent back (see stripRedacted).
 */
export function SecretInput({
  value,
  onValue,
  control,
  autoComplete = "new-password",
  disabled,
}: {
  value: string;
  onValue: (v: string) => void;
  control: FieldControlProps;
  autoComplete?: string;
  disabled?: boolean;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const redacted = value === REDACTED;
  return (
    <div className="secret-input">
      <input
        {...control}
        ref={ref}
        type="password"
        value={value ?? ""}
        readOnly={redacted}
        disabled={disabled}
        autoComplete={autoComplete}
        onChange={(e) => onValue(e.target.value)}
      />
      {redacted ? (
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={disabled}
          onClick={() => {
            onValue("");
            requestAnimationFrame(() => ref.current?.focus());
          }}
        >
          Set new value
        </button>
      ) : null}
    </div>
  );
}
