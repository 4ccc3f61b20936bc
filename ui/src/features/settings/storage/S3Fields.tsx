import type { ReactNode } from "react";
import { S3ConnectionFields } from "../s3/S3ConnectionFields";
import { SwitchField } from "../SwitchField";
import type { S3Form } from "../settingsValidation";

export interface S3FieldsProps {
  /** Dotted prefix of the group ("s3" or "backups.s3"). */
  prefix: string;
  toggleLabel: string;
  value: S3Form;
  errors: Record<string, string>;
  set: (path: string, v: unknown) => void;
  /** Turning the toggle off also clears the form's validation errors. */
  onDisable: () => void;
  /** Shown under the toggle (explanations, warnings). */
  children?: ReactNode;
}

/** The S3 toggle and, while on, the connection settings. */
export function S3Fields({ prefix, toggleLabel, value, errors, set, onDisable, children }: S3FieldsProps) {
  return (
    <>
      <SwitchField
        name={`${prefix}.enabled`}
        label={toggleLabel}
        checked={value.enabled}
        onChange={(v) => {
          set(`${prefix}.enabled`, v);
          if (!v) onDisable();
        }}
      />
      {children}
      {value.enabled ? <S3ConnectionFields prefix={prefix} value={value} errors={errors} onField={(f, v) => set(`${prefix}.${f}`, v)} /> : null}
    </>
  );
}
