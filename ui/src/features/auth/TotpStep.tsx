import { useEffect, useRef, useState } from "react";
import { BusyButton } from "../../components/BusyButton";
import { Field } from "../../components/Field";
import { Icon } from "../../components/Icon";
import { useAuthWithTotp } from "../../data/auth/authWithTotp";
import { normalizeError, type NormalizedError } from "../../lib/errors";
import { codeInputValue, normalizeTotpCode, validateCode } from "../../lib/totpCode";

export const TOTP_STEP_TITLE = "Two-step verification";
export const TOTP_PROMPT = "Enter the 6-digit code from your authenticator app.";
export const RECOVERY_PROMPT = "Enter one of the recovery codes you saved when you set up the authenticator app. Each works once.";
export const INVALID_CODE = "Invalid or expired code.";
export const INVALID_RECOVERY_CODE = "Invalid or already used recovery code.";
/** The mfaId has run out (or the server refused it): only a new password step helps. */
export const MFA_EXPIRED = "The sign-in has expired. Go back and enter your password again.";

/**
 * The sign-in the code was for is gone (used up, or past its duration): the server refuses the
 * mfaId itself, without a field error on the code (404 on servers that treat it as not found).
 */
function mfaGone(e: NormalizedError): boolean {
  if (e.status === 404) return true;
  const data = e.response.data;
  return e.status === 400 && !(data && typeof data === "object" && "code" in data);
}

export interface TotpStepProps {
  mfaId: string;
  /** Gets the landing page ready while the call is out; returns the stop of its session watcher. */
  prepareLanding: () => () => void;
  onBack: () => void;
}

/** The sign-in's second step for an admin with an authenticator app: a code (or a recovery code). */
export function TotpStep({ mfaId, prepareLanding, onBack }: TotpStepProps) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState("");
  const [failure, setFailure] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const submit = useAuthWithTotp();
  const busy = submit.isPending || submit.isSuccess;

  // The step opens on the code field, and so does a switch between code and recovery code.
  useEffect(() => input.current?.focus(), [recovery]);

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const err = validateCode(code, recovery);
    setFieldError(err);
    if (err) {
      input.current?.focus();
      return;
    }
    setFailure("");
    const stopWatching = prepareLanding();
    submit.mutateAsync({ mfaId, code: normalizeTotpCode(code) }).catch((error) => {
      stopWatching();
      const n = normalizeError(error);
      if (n.isAbort) return;
      submit.reset();
      setFailure(mfaGone(n) ? MFA_EXPIRED : recovery ? INVALID_RECOVERY_CODE : INVALID_CODE);
      setCode("");
      input.current?.focus();
    });
  };

  const toggle = () => {
    setRecovery((r) => !r);
    setCode("");
    setFieldError("");
    setFailure("");
  };

  return (
    <form className="form totp-step" onSubmit={onSubmit} noValidate aria-labelledby="totp-step-title">
      <h2 id="totp-step-title" className="section-title">
        {TOTP_STEP_TITLE}
      </h2>
      <p className="txt-hint">{recovery ? RECOVERY_PROMPT : TOTP_PROMPT}</p>
      {/* rendered empty first, so a screen reader announces the message when it appears */}
      <div role="alert" aria-live="assertive">
        {failure ? (
          <div className="alert alert-danger">
            <Icon name="alert" />
            <span>{failure}</span>
          </div>
        ) : null}
      </div>
      {recovery ? (
        <Field key="recovery" name="recoveryCode" label="Recovery code" required error={fieldError}>
          {(p) => (
            <input
              {...p}
              ref={input}
              type="text"
              className="txt-mono"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              required
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                setFieldError("");
              }}
            />
          )}
        </Field>
      ) : (
        <Field key="code" name="code" label="Authentication code" required error={fieldError}>
          {(p) => (
            <input
              {...p}
              ref={input}
              type="text"
              className="txt-mono totp-code-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={7}
              required
              value={code}
              onChange={(e) => {
                setCode(codeInputValue(e.target.value));
                setFieldError("");
              }}
            />
          )}
        </Field>
      )}
      <div className="form-row-end">
        <button type="button" className="btn-link link-hint" onClick={toggle}>
          {recovery ? "Use the authenticator app code" : "Use a recovery code"}
        </button>
      </div>
      <BusyButton className="btn btn-primary btn-lg btn-block" busy={busy} type="submit">
        Verify
      </BusyButton>
      <button type="button" className="btn btn-transparent btn-block" onClick={onBack} disabled={busy}>
        <Icon name="arrowLeft" size={16} /> Back to sign in
      </button>
    </form>
  );
}
