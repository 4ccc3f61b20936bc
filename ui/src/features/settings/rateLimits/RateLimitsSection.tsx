import { Field } from "../../../components/Field";
import { SwitchField } from "../SwitchField";
import type { ErrorMap } from "../formModel";
import { addRule, AUDIENCES, LABEL_HINT, removeRule, updateRule, type Audience, type RateLimitsForm, type RuleForm } from "./rateLimitsModel";

/** The Application page's "Rate limits" section: the on/off switch and the editable rules list. */
export function RateLimitsSection({ value, errors, onChange, onErrors }: { value: RateLimitsForm; errors: ErrorMap; onChange: (path: string, v: unknown) => void; onErrors: (errors: ErrorMap) => void }) {
  const setRules = (rules: RuleForm[], edited?: string) => {
    onChange("rateLimits.rules", rules);
    // A removed rule shifts the others' indexes: its client errors no longer fit, drop them all.
    if (edited === undefined) onErrors(Object.fromEntries(Object.entries(errors).filter(([k]) => !k.startsWith("rateLimits.rules."))));
    else if (errors[edited]) onErrors(Object.fromEntries(Object.entries(errors).filter(([k]) => k !== edited)));
  };
  return (
    <section className="rate-limits" aria-labelledby="rate-limits-title">
      <hr className="settings-divider" />
      <h2 id="rate-limits-title" className="settings-section-title">
        Rate limits
      </h2>
      <SwitchField
        name="rateLimits.enabled"
        label="Enable rate limiting"
        hint="Requests over a rule's limit get 429 with Retry-After. Guests are counted per IP, signed-in callers per auth id."
        checked={value.enabled}
        onChange={(v) => onChange("rateLimits.enabled", v)}
      />
      {value.rules.length ? (
        <ul className="rate-limit-rules">
          {value.rules.map((r, i) => {
            const at = `rateLimits.rules.${i}`;
            const n = i + 1;
            return (
              <li key={i} className="rate-limit-rule" data-testid="rate-limit-rule">
                <Field name={`${at}.label`} label={`Rule ${n} label`} required hint={i === 0 ? LABEL_HINT : undefined} error={errors[`${at}.label`]}>
                  {(p) => <input {...p} type="text" required placeholder="/api/" value={r.label} onChange={(e) => setRules(updateRule(value.rules, i, { label: e.target.value }), `${at}.label`)} />}
                </Field>
                <Field name={`${at}.maxRequests`} label={`Rule ${n} max requests`} required error={errors[`${at}.maxRequests`]}>
                  {(p) => <input {...p} type="number" inputMode="numeric" min={1} step={1} required value={r.maxRequests} onChange={(e) => setRules(updateRule(value.rules, i, { maxRequests: e.target.value }), `${at}.maxRequests`)} />}
                </Field>
                <Field name={`${at}.duration`} label={`Rule ${n} duration (in seconds)`} required error={errors[`${at}.duration`]}>
                  {(p) => <input {...p} type="number" inputMode="numeric" min={1} step={1} required value={r.duration} onChange={(e) => setRules(updateRule(value.rules, i, { duration: e.target.value }), `${at}.duration`)} />}
                </Field>
                <Field name={`${at}.audience`} label={`Rule ${n} audience`} error={errors[`${at}.audience`]}>
                  {(p) => (
                    <select {...p} value={r.audience} onChange={(e) => setRules(updateRule(value.rules, i, { audience: e.target.value as Audience }), `${at}.audience`)}>
                      {AUDIENCES.map((a) => (
                        <option key={a.value} value={a.value}>
                          {a.label}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <button type="button" className="btn btn-transparent btn-sm rate-limit-remove" aria-label={`Remove rule ${n}`} onClick={() => setRules(removeRule(value.rules, i))}>
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="txt-hint txt-sm">No rules yet.</p>
      )}
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => setRules(addRule(value.rules))}>
        Add rate limit rule
      </button>
    </section>
  );
}
