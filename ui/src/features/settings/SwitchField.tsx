import type { ReactNode } from "react";
import { Field } from "../../components/Field";

/** A labelled on/off switch bound to a settings value. */
export function SwitchField({ name, label, checked, onChange, hint, disabled }: { name: string; label: ReactNode; checked: boolean; onChange: (v: boolean) => void; hint?: ReactNode; disabled?: boolean }) {
  return (
    <Field name={name} label={label} inline hint={hint}>
      {(p) => <input {...p} type="checkbox" role="switch" className="switch" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />}
    </Field>
  );
}
