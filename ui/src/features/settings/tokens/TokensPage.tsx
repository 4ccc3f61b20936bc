import { Field } from "../../../components/Field";
import { SubmitForm } from "../../../components/SubmitForm";
import { FormActions } from "../FormActions";
import { SettingsLayout } from "../SettingsLayout";
import { validateTokens } from "../settingsValidation";
import { useSettingsForm, type SettingsForm } from "../useSettingsForm";
import { ADMIN_TOKENS, pickTokens, RECORD_TOKENS, toggleSecret, tokensPayload, type TokenForm } from "./tokensModel";

export const TOKENS_SAVED = "Successfully saved tokens options.";

type Form = Record<string, TokenForm>;

function TokenField({ f, tokenKey, label }: { f: SettingsForm<Form>; tokenKey: string; label: string }) {
  const token = f.form![tokenKey];
  const name = `${tokenKey}.duration`;
  return (
    <div className="token-row">
      <Field name={name} label={`${label} duration (in seconds)`} required error={f.errors[name]}>
        {(p) => <input {...p} type="number" inputMode="numeric" min={0} step={1} required value={token.duration} onChange={(e) => f.set(name, e.target.value)} />}
      </Field>
      <button
        type="button"
        className={`token-invalidate${token.secret ? " active" : ""}`}
        aria-pressed={!!token.secret}
        aria-label={`Invalidate all previously issued tokens (${label})`}
        onClick={() => f.set(tokenKey, toggleSecret(token))}
      >
        Invalidate all previously issued tokens
      </button>
    </div>
  );
}

/** /settings/tokens: durations per token kind and the invalidate-all toggle. */
export default function TokensPage() {
  const f = useSettingsForm<Form>({
    pick: (s) => pickTokens(s),
    toPayload: tokensPayload,
    validate: validateTokens,
    successMessage: TOKENS_SAVED,
  });
  return (
    <SettingsLayout title="Token options" loading={f.loading}>
      {f.form ? (
        <SubmitForm className="settings-panel form" label="Token options" onSubmit={f.save}>
          <p className="settings-intro">Adjust common token options.</p>
          <h2 className="settings-section-title">Record tokens</h2>
          <div className="settings-grid">
            {RECORD_TOKENS.map((t) => (
              <TokenField key={t.key} f={f} tokenKey={t.key} label={t.label} />
            ))}
          </div>
          <hr className="settings-divider" />
          <h2 className="settings-section-title">Admin tokens</h2>
          <div className="settings-grid">
            {ADMIN_TOKENS.map((t) => (
              <TokenField key={t.key} f={f} tokenKey={t.key} label={t.label} />
            ))}
          </div>
          <FormActions changed={f.changed} saving={f.saving} onCancel={f.reset} />
        </SubmitForm>
      ) : null}
    </SettingsLayout>
  );
}
