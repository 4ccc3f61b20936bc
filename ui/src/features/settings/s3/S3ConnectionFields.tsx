import { Field } from "../../../components/Field";
import type { S3Form } from "../settingsValidation";
import { SecretInput } from "../SecretInput";

type TextKey = "endpoint" | "bucket" | "region" | "accessKey";
const TEXT_FIELDS: { key: TextKey; label: string }[] = [
  { key: "endpoint", label: "Endpoint" },
  { key: "bucket", label: "Bucket" },
  { key: "region", label: "Region" },
  { key: "accessKey", label: "Access key" },
];

export interface S3ConnectionFieldsProps {
  /** Dotted prefix of the settings group ("s3" or "backups.s3"): the fields' names and error keys. */
  prefix: string;
  value: S3Form;
  errors: Partial<Record<string, string>>;
  disabled?: boolean;
  onField: <K extends keyof S3Form>(field: K, v: S3Form[K]) => void;
}

/**
 * The connection settings of an S3 storage (files storage and backups alike): endpoint,
 * bucket, region, access key and secret, all required, and path-style addressing.
 */
export function S3ConnectionFields({ prefix, value, errors, disabled, onField }: S3ConnectionFieldsProps) {
  const n = (f: string) => `${prefix}.${f}`;
  return (
    <div className="settings-grid">
      {TEXT_FIELDS.map(({ key, label }) => (
        <Field key={key} name={n(key)} label={label} required error={errors[n(key)]}>
          {(p) => <input {...p} type="text" required autoComplete="off" spellCheck={false} disabled={disabled} value={value[key] ?? ""} onChange={(e) => onField(key, e.target.value)} />}
        </Field>
      ))}
      <Field name={n("secret")} label="Secret" required error={errors[n("secret")]}>
        {(p) => <SecretInput control={p} disabled={disabled} value={value.secret ?? ""} onValue={(v) => onField("secret", v)} />}
      </Field>
      <div className="span-all">
        <Field name={n("forcePathStyle")} label="Force path-style addressing" inline>
          {(p) => <input {...p} type="checkbox" disabled={disabled} checked={value.forcePathStyle === true} onChange={(e) => onField("forcePathStyle", e.target.checked)} />}
        </Field>
      </div>
    </div>
  );
}
