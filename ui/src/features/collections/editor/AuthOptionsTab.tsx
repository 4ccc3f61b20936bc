import { Field } from "../../../components/Field";
import { useFactorsSupport } from "../../../data/system/factorsSupport";
import { serverHasFactors } from "./authFactors";
import { useEditor } from "./editorContext";
import { FactorsOptions } from "./FactorsOptions";
import { DomainsOptions, InfoTip } from "./FieldOptions";
import { MIN_PASSWORD_LENGTH_RANGE } from "./fieldTypes";
import { NumberInput } from "./inputs";

export const ONLY_VERIFIED_TIP = "Unverified users are refused when they try to authenticate: the server answers 403.";
export const REQUIRE_EMAIL_TIP = "Sign-in with an OAuth2 provider that gives no email will fail when an email is required.";
export const AUTH_PROVIDERS_PATH = "/settings/auth-providers";

/** The Options tab of auth collections. */
export function AuthOptionsTab() {
  const { form, update, collections } = useEditor();
  const o = form.options;
  // OTP and MFA only where the server has them (Cairn; not PocketBase v0.22)
  const probed = useFactorsSupport();
  const factors = probed === true || serverHasFactors(o, collections.filter((c) => c.type === "auth").map((c) => c.options ?? {}));
  const set = (patch: Record<string, unknown>) => update((f) => ({ ...f, options: { ...f.options, ...patch } }));
  const check = (name: string, label: string, tip?: string) => (
    <Field name={`options.${name}`} label={<>{label}{tip ? <InfoTip text={tip} /> : null}</>} inline>
      {(p) => <input {...p} type="checkbox" checked={!!o[name]} onChange={(e) => set({ [name]: e.target.checked })} />}
    </Field>
  );
  return (
    <div className="auth-options form">
      <section className="options-section" aria-labelledby="opt-username">
        <h3 id="opt-username" className="section-title">
          Username/Password
        </h3>
        {check("allowUsernameAuth", "Enable username and password sign-in")}
      </section>
      <section className="options-section" aria-labelledby="opt-email">
        <h3 id="opt-email" className="section-title">
          Email/Password
        </h3>
        {check("allowEmailAuth", "Enable email and password sign-in")}
        <DomainsOptions
          exceptName="options.exceptEmailDomains"
          onlyName="options.onlyEmailDomains"
          except={o.exceptEmailDomains}
          only={o.onlyEmailDomains}
          onExcept={(v) => set({ exceptEmailDomains: v })}
          onOnly={(v) => set({ onlyEmailDomains: v })}
          disabled={false}
          labelSuffix="email domains"
        />
      </section>
      <section className="options-section" aria-labelledby="opt-oauth2">
        <h3 id="opt-oauth2" className="section-title">
          OAuth2
        </h3>
        {check("allowOAuth2Auth", "Enable OAuth2 sign-in")}
        <p className="txt-sm">
          <a href={`#${AUTH_PROVIDERS_PATH}`} target="_blank" rel="noopener noreferrer">
            Manage OAuth2 providers
          </a>{" "}
          <span className="txt-hint">(opens in a new tab)</span>
        </p>
      </section>
      {factors ? <FactorsOptions /> : null}
      <section className="options-section" aria-labelledby="opt-general">
        <h3 id="opt-general" className="section-title">
          General
        </h3>
        <div className="options-grid cols-2">
          <Field name="options.minPasswordLength" label="Minimum password length" required hint={`Between ${MIN_PASSWORD_LENGTH_RANGE.min} and ${MIN_PASSWORD_LENGTH_RANGE.max}.`}>
            {(p) => (
              <NumberInput {...p} value={o.minPasswordLength} required min={MIN_PASSWORD_LENGTH_RANGE.min} max={MIN_PASSWORD_LENGTH_RANGE.max} step={1} onValue={(v) => set({ minPasswordLength: v })} />
            )}
          </Field>
        </div>
        {check("requireEmail", "Always require email", REQUIRE_EMAIL_TIP)}
        {check("onlyVerified", "Forbid authentication for unverified users", ONLY_VERIFIED_TIP)}
      </section>
    </div>
  );
}
