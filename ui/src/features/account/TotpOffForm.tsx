import { useState } from "react";
import { BusyButton } from "../../components/BusyButton";
import { Field } from "../../components/Field";
import { useRemoveAdminTotp } from "../../data/totp/adminTotp";
import { confirm } from "../../lib/confirm";
import { normalizeError } from "../../lib/errors";
import { addSuccessToast } from "../../lib/toasts";
import { normalizeTotpCode, validateCode } from "../../lib/totpCode";

export const CONFIRM_TOTP_OFF = "Do you really want to turn off the authenticator app? Signing in will ask only for your password.";
export const TOTP_OFF = "Authenticator app turned off.";
export const OFF_CODE_WRONG = "The code does not match.";

/**
 * Turning one's own authenticator app off takes a current code from it (or a recovery code):
 * a stolen session alone must not remove the second factor.
 */
export function TotpOffForm({ adminId }: { adminId: string }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const remove = useRemoveAdminTotp();
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const err = validateCode(code, true);
    setError(err);
    if (err) return;
    confirm(CONFIRM_TOTP_OFF, async () => {
      try {
        await remove.mutateAsync({ id: adminId, code: normalizeTotpCode(code) });
        addSuccessToast(TOTP_OFF);
      } catch (ex) {
        const n = normalizeError(ex);
        if (n.isAbort) return;
        setError(n.status === 400 ? OFF_CODE_WRONG : n.message);
      }
    });
  };
  return (
    <form className="form totp-confirm" onSubmit={onSubmit} noValidate aria-label="Turn off the authenticator app">
      <Field name="code" label="Current code or a recovery code" required error={error}>
        {(p) => (
          <input
            {...p}
            type="text"
            className="txt-mono"
            autoComplete="one-time-code"
            spellCheck={false}
            required
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setError("");
            }}
          />
        )}
      </Field>
      <BusyButton className="btn btn-secondary" busy={remove.isPending} type="submit">
        Turn off
      </BusyButton>
    </form>
  );
}
