import { useState } from "react";
import { Field } from "../../../components/Field";
import { Icon } from "../../../components/Icon";
import { SecretInput } from "../SecretInput";
import { SwitchField } from "../SwitchField";
import type { SmtpForm } from "../settingsValidation";

export const DEFAULT_AUTH_METHOD = "PLAIN";
export const DEFAULT_LOCAL_NAME_PLACEHOLDER = "Default to localhost";

/** The SMTP toggle, its connection fields and the 'Show more options' block. */
export function SmtpSection({ smtp, errors, set, onDisable }: { smtp: SmtpForm; errors: Record<string, string>; set: (path: string, v: unknown) => void; onDisable: () => void }) {
  const [more, setMore] = useState(false);
  return (
    <>
      <SwitchField
        name="smtp.enabled"
        label="Use SMTP mail server (recommended)"
        checked={smtp.enabled}
        onChange={(v) => {
          set("smtp.enabled", v);
          if (!v) onDisable();
        }}
      />
      {smtp.enabled ? (
        <>
          <div className="settings-grid">
            <Field name="smtp.host" label="SMTP server host" required error={errors["smtp.host"]}>
              {(p) => <input {...p} type="text" required value={smtp.host ?? ""} onChange={(e) => set("smtp.host", e.target.value)} />}
            </Field>
            <Field name="smtp.port" label="Port" required error={errors["smtp.port"]}>
              {(p) => <input {...p} type="number" inputMode="numeric" min={0} step={1} required value={smtp.port ?? ""} onChange={(e) => set("smtp.port", e.target.value)} />}
            </Field>
            <Field name="smtp.username" label="Username">
              {(p) => <input {...p} type="text" autoComplete="off" value={smtp.username ?? ""} onChange={(e) => set("smtp.username", e.target.value)} />}
            </Field>
            <Field name="smtp.password" label="Password">
              {(p) => <SecretInput control={p} value={smtp.password ?? ""} onValue={(v) => set("smtp.password", v)} />}
            </Field>
          </div>
          <button type="button" className="btn btn-transparent btn-sm more-toggle" aria-expanded={more} onClick={() => setMore((m) => !m)}>
            {more ? "Hide more options" : "Show more options"}
            <Icon name="chevronDown" size={14} style={{ transform: more ? "rotate(180deg)" : undefined }} />
          </button>
          {more ? (
            <div className="settings-grid">
              <Field name="smtp.tls" label="TLS encryption">
                {(p) => (
                  <select {...p} value={smtp.tls ? "true" : "false"} onChange={(e) => set("smtp.tls", e.target.value === "true")}>
                    <option value="false">Auto (StartTLS)</option>
                    <option value="true">Always</option>
                  </select>
                )}
              </Field>
              <Field name="smtp.authMethod" label="AUTH method">
                {(p) => (
                  <select {...p} value={smtp.authMethod || DEFAULT_AUTH_METHOD} onChange={(e) => set("smtp.authMethod", e.target.value)}>
                    <option value="PLAIN">PLAIN (default)</option>
                    <option value="LOGIN">LOGIN</option>
                  </select>
                )}
              </Field>
              <Field name="smtp.localName" label="EHLO/HELO domain">
                {(p) => <input {...p} type="text" placeholder={DEFAULT_LOCAL_NAME_PLACEHOLDER} value={smtp.localName ?? ""} onChange={(e) => set("smtp.localName", e.target.value)} />}
              </Field>
            </div>
          ) : null}
        </>
      ) : null}
    </>
  );
}
