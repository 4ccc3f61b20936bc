import { Field } from "../../../components/Field";
import type { ProviderConfig, ProviderDef } from "./providers";

interface Props {
  def: ProviderDef;
  form: ProviderConfig;
  errors: Record<string, string>;
  set: (field: string, v: unknown) => void;
  onGenerateAppleSecret: () => void;
}

const ENDPOINTS = [
  ["authUrl", "Auth URL"],
  ["tokenUrl", "Token URL"],
  ["userApiUrl", "User API URL"],
] as const;

/** The provider-specific part of the provider popup. */
export function ProviderOptions({ def, form, errors, set, onGenerateAppleSecret }: Props) {
  const k = def.key;
  const urlField = (f: string, label: string, req: boolean, placeholder?: string) => (
    <Field key={f} name={`${k}.${f}`} label={label} required={req} error={errors[`${k}.${f}`]}>
      {(p) => <input {...p} type="url" required={req} placeholder={placeholder} spellCheck={false} value={String(form[f] ?? "")} onChange={(e) => set(f, e.target.value)} />}
    </Field>
  );

  switch (def.options) {
    case "apple":
      return (
        <div className="form-row-end">
          <button type="button" className="btn btn-secondary btn-sm" onClick={onGenerateAppleSecret}>
            Generate secret
          </button>
        </div>
      );
    case "microsoft":
      return (
        <>
          <h3 className="settings-section-title">Azure AD endpoints</h3>
          <div className="settings-grid">
            {urlField("authUrl", "Auth URL", false, "https://login.microsoftonline.com/YOUR_DIRECTORY_TENANT_ID/oauth2/v2.0/authorize")}
            {urlField("tokenUrl", "Token URL", false, "https://login.microsoftonline.com/YOUR_DIRECTORY_TENANT_ID/oauth2/v2.0/token")}
          </div>
          <p className="field-hint">By default the common (multi-tenant) endpoints are used.</p>
        </>
      );
    case "selfHosted":
      return (
        <>
          <h3 className="settings-section-title">Self-hosted endpoints (optional)</h3>
          <div className="settings-grid">{ENDPOINTS.map(([f, label]) => urlField(f, label, false))}</div>
        </>
      );
    case "mailcow":
      return (
        <>
          <h3 className="settings-section-title">Endpoints</h3>
          <div className="settings-grid">{ENDPOINTS.map(([f, label]) => urlField(f, label, form.enabled, "https://mail.example.com/..."))}</div>
        </>
      );
    case "oidc":
      return (
        <>
          <Field name={`${k}.displayName`} label="Display name" required={form.enabled} error={errors[`${k}.displayName`]}>
            {(p) => <input {...p} type="text" required={form.enabled} value={form.displayName ?? ""} onChange={(e) => set("displayName", e.target.value)} />}
          </Field>
          <h3 className="settings-section-title">Endpoints</h3>
          <div className="settings-grid">{ENDPOINTS.map(([f, label]) => urlField(f, label, form.enabled))}</div>
          <Field name={`${k}.pkce`} label="Support PKCE" inline hint="Uncheck only if the provider doesn't support PKCE.">
            {(p) => <input {...p} type="checkbox" checked={form.pkce === true} onChange={(e) => set("pkce", e.target.checked)} />}
          </Field>
        </>
      );
    default:
      return null;
  }
}
