import { Field } from "../../components/Field";
import type { S3Config } from "./backupsModel";

const TEXT_FIELDS: { key: "endpoint" | "bucket" | "region" | "accessKey"; label: string }[] = [
  { key: "endpoint", label: "Endpoint" },
  { key: "bucket", label: "Bucket" },
  { key: "region", label: "Region" },
  { key: "accessKey", label: "Access key" },
];

/** The S3 settings of the backups storage; every text field is required while S3 is on. */
export function BackupsS3Fields({ value, errors, disabled, onChange }: { value: S3Config; errors: Partial<Record<string, string>>; disabled: boolean; onChange: (next: S3Config) => void }) {
  return (
    <div className="backups-s3-fields">
      {TEXT_FIELDS.map((f) => (
        <Field key={f.key} name={`backups.s3.${f.key}`} label={f.label} required error={errors[`backups.s3.${f.key}`]}>
          {(p) => <input {...p} type="text" autoComplete="off" spellCheck={false} required disabled={disabled} value={value[f.key]} onChange={(e) => onChange({ ...value, [f.key]: e.target.value })} />}
        </Field>
      ))}
      <Field name="backups.s3.secret" label="Secret" required error={errors["backups.s3.secret"]}>
        {(p) => <input {...p} type="password" autoComplete="new-password" required disabled={disabled} value={value.secret} onChange={(e) => onChange({ ...value, secret: e.target.value })} />}
      </Field>
      <Field name="backups.s3.forcePathStyle" label="Force path-style addressing" inline className="backups-s3-wide">
        {(p) => <input {...p} type="checkbox" disabled={disabled} checked={value.forcePathStyle} onChange={(e) => onChange({ ...value, forcePathStyle: e.target.checked })} />}
      </Field>
    </div>
  );
}
