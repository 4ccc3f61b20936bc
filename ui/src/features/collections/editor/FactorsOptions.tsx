import { lazy, Suspense, useId, useMemo } from "react";
import { Field } from "../../../components/Field";
import { clearFieldError, useFieldError } from "../../../lib/formErrors";
import {
  MFA_DURATION_RANGE,
  OTP_DURATION_RANGE,
  OTP_LENGTH_RANGE,
  MAIL_SETTINGS_PATH,
  readMfa,
  readOtp,
  type MfaOptions,
  type OtpOptions,
} from "./authFactors";
import { useEditor } from "./editorContext";
import { InfoTip } from "./FieldOptions";
import { NumberInput } from "./inputs";
import { ruleCompletions } from "./ruleCompletions";
import { CodeFallback } from "../../../components/CodeFallback";

const CodeEditor = lazy(() => import("./CodeEditor"));

export const OTP_TITLE = "One-time password (OTP)";
export const MFA_TITLE = "Multi-factor authentication (MFA)";
export const OTP_TIP = "Users sign in with a code sent to their email (request-otp, then auth-with-otp). A successful sign-in marks the email verified.";
export const MFA_TIP = "After a first successful sign-in method the server answers 401 with an mfaId; a second, different method (password, OAuth2, OTP or an authenticator app) sent with it completes the sign-in.";
export const MFA_RULE_PLACEHOLDER = "Leave empty to require MFA for everyone...";

/** The OTP and MFA sections of the auth collection Options tab. */
export function FactorsOptions() {
  const { form, update, collections } = useEditor();
  const otp = readOtp(form.options.otp);
  const mfa = readMfa(form.options.mfa);
  const setOtp = (patch: Partial<OtpOptions>) => update((f) => ({ ...f, options: { ...f.options, otp: { ...readOtp(f.options.otp), ...patch } } }));
  const setMfa = (patch: Partial<MfaOptions>) => update((f) => ({ ...f, options: { ...f.options, mfa: { ...readMfa(f.options.mfa), ...patch } } }));
  const completions = useMemo(
    () => ruleCompletions({ name: form.name, type: form.type, schema: form.schema.filter((f) => !f.toDelete) }, collections),
    [form.name, form.type, form.schema, collections],
  );

  return (
    <>
      <section className="options-section" aria-labelledby="opt-otp">
        <h3 id="opt-otp" className="section-title">
          {OTP_TITLE}
        </h3>
        <Field name="options.otp.enabled" label={<>Enable one-time password sign-in<InfoTip text={OTP_TIP} /></>} inline>
          {(p) => <input {...p} type="checkbox" checked={otp.enabled} onChange={(e) => setOtp({ enabled: e.target.checked })} />}
        </Field>
        {otp.enabled ? (
          <>
            <div className="options-grid cols-2">
              <Field name="options.otp.duration" label="Duration (in seconds)" required hint={`How long a code is valid: ${OTP_DURATION_RANGE.min} to ${OTP_DURATION_RANGE.max}.`}>
                {(p) => <NumberInput {...p} value={otp.duration} required min={OTP_DURATION_RANGE.min} max={OTP_DURATION_RANGE.max} step={1} onValue={(v) => setOtp({ duration: v })} />}
              </Field>
              <Field name="options.otp.length" label="Code length" required hint={`Digits in a code: ${OTP_LENGTH_RANGE.min} to ${OTP_LENGTH_RANGE.max}.`}>
                {(p) => <NumberInput {...p} value={otp.length} required min={OTP_LENGTH_RANGE.min} max={OTP_LENGTH_RANGE.max} step={1} onValue={(v) => setOtp({ length: v })} />}
              </Field>
            </div>
            <p className="txt-sm">
              <a href={`#${MAIL_SETTINGS_PATH}`} target="_blank" rel="noopener noreferrer">
                Edit the OTP email template
              </a>{" "}
              <span className="txt-hint">(Mail settings, shared by every auth collection; opens in a new tab)</span>
            </p>
          </>
        ) : null}
      </section>
      <section className="options-section" aria-labelledby="opt-mfa">
        <h3 id="opt-mfa" className="section-title">
          {MFA_TITLE}
        </h3>
        <Field name="options.mfa.enabled" label={<>Require a second sign-in method<InfoTip text={MFA_TIP} /></>} inline>
          {(p) => <input {...p} type="checkbox" checked={mfa.enabled} onChange={(e) => setMfa({ enabled: e.target.checked })} />}
        </Field>
        {mfa.enabled ? (
          <>
            <div className="options-grid cols-2">
              <Field name="options.mfa.duration" label="Duration (in seconds)" required hint={`Time allowed for the second method: ${MFA_DURATION_RANGE.min} to ${MFA_DURATION_RANGE.max}.`}>
                {(p) => <NumberInput {...p} value={mfa.duration} required min={MFA_DURATION_RANGE.min} max={MFA_DURATION_RANGE.max} step={1} onValue={(v) => setMfa({ duration: v })} />}
              </Field>
            </div>
            <MfaRuleField value={mfa.rule} completions={completions} onChange={(rule) => setMfa({ rule })} />
          </>
        ) : null}
      </section>
    </>
  );
}

/** The MFA rule with the rules tab's filter editor: the records it matches must pass a second method. */
function MfaRuleField({ value, completions, onChange }: { value: string; completions: string[]; onChange: (v: string) => void }) {
  const id = useId();
  const name = "options.mfa.rule";
  const error = useFieldError(name);
  const set = (v: string) => {
    clearFieldError(name);
    onChange(v);
  };
  return (
    <div className={`rule-field${error ? " field-error" : ""}`} data-testid="rule-mfa">
      <div className="rule-field-header">
        <label htmlFor={`${id}-input`} className="rule-field-label">
          MFA rule
          {value.trim() === "" ? <span className="chip chip-success">Everyone</span> : null}
        </label>
      </div>
      <Suspense fallback={<CodeFallback id={`${id}-input`} rows={1} value={value} onChange={(e) => set(e.target.value)} placeholder={MFA_RULE_PLACEHOLDER} />}>
        <CodeEditor
          id={`${id}-input`}
          language="filter"
          label="MFA rule"
          value={value}
          placeholder={MFA_RULE_PLACEHOLDER}
          completions={completions}
          invalid={!!error}
          describedBy={[error ? `${id}-error` : "", `${id}-hint`].filter(Boolean).join(" ")}
          onChange={set}
        />
      </Suspense>
      {error ? (
        <div id={`${id}-error`} className="field-error-message" role="alert">
          {error}
        </div>
      ) : null}
      <div id={`${id}-hint`} className="field-hint">
        A filter on the signing-in record, e.g. <code>role = "staff"</code>: only the records it matches need a second method.
      </div>
    </div>
  );
}
