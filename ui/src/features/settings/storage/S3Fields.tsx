import type { ReactNode } from "react";
import { Field } from "../../../components/Field";
import { SecretInput } from "../SecretInput";
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

/** The S3 toggle and, while on, endpoint, bucket, region, access key, secret and path-style addressing. */
export function S3Fields({ prefix, toggleLabel, value, errors, set, onDisable, children }: S3FieldsProps) {
  const n = (f: string) => `${prefix}.${f}`;
  const text = (f: "endpoint" | "bucket" | "region" | "accessKey", label: string) => (
    <Field name={n(f)} label={label} required error={errors[n(f)]}>
      {(p) => <input {...p} type="text" required autoComplete="off" spellCheck={false} value={value[f] ?? ""} onChange={(e) => set(n(f), e.target.value)} />}
    </Field>
  );
  return (
    <>
      <SwitchField
        name={n("enabled")}
        label={toggleLabel}
        checked={value.enabled}
        onChange={(v) => {
          set(n("enabled"), v);
          if (!v) onDisable();
        }}
      />
      {children}
      {value.enabled ? (
        <div className="settings-grid">
          {text("endpoint", "Endpoint")}
          {text("bucket", "Bucket")}
          {text("region", "Region")}
          {text("accessKey", "Access key")}
          <Field name={n("secret")} label="Secret" required error={errors[n("secret")]}>
            {(p) => <SecretInput control={p} value={value.secret ?? ""} onValue={(v) => set(n("secret"), v)} />}
          </Field>
          <div className="span-all">
            <Field name={n("forcePathStyle")} label="Force path-style addressing" inline>
              {(p) => <input {...p} type="checkbox" checked={value.forcePathStyle === true} onChange={(e) => set(n("forcePathStyle"), e.target.checked)} />}
            </Field>
          </div>
        </div>
      ) : null}
    </>
  );
}
