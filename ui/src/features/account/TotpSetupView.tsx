import { useEffect, useRef, useState } from "react";
import { BusyButton } from "../../components/BusyButton";
import { CopyButton } from "../../components/CopyButton";
import { Field } from "../../components/Field";
import { Icon } from "../../components/Icon";
import { useConfirmAdminTotp } from "../../data/totp/adminTotp";
import type { TotpSetup } from "../../data/totp/types";
import { copyText } from "../../lib/clipboard";
import { downloadBlob } from "../../lib/download";
import { normalizeError } from "../../lib/errors";
import { addInfoToast, addSuccessToast } from "../../lib/toasts";
import { codeInputValue, normalizeTotpCode, validateCode } from "../../lib/totpCode";
import { QrCode } from "./QrCode";
import { groupSecret, otpauthLabel, RECOVERY_FILE_NAME, recoveryCodesText } from "./recoveryCodes";

export const TOTP_ON = "Authenticator app turned on.";
export const WRONG_CODE = "The code does not match. Check the time on your device and try the next code.";
export const CODES_COPIED = "Recovery codes copied to clipboard.";

export interface TotpSetupViewProps {
  adminId: string;
  email: string;
  setup: TotpSetup;
  onDone: () => void;
  onCancel: () => void;
}

/** The three steps of turning on an authenticator app: scan (or type) the key, keep the recovery codes, confirm a code. */
export function TotpSetupView({ adminId, email, setup, onDone, onCancel }: TotpSetupViewProps) {
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const confirmTotp = useConfirmAdminTotp();
  const heading = useRef<HTMLHeadingElement>(null);
  // The setup replaces the button that started it: move the focus to its start.
  useEffect(() => heading.current?.focus(), []);
  const text = recoveryCodesText(setup.recoveryCodes, email);
  const label = otpauthLabel(setup.uri) || email;

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const err = validateCode(code, false);
    setError(err);
    if (err) return;
    try {
      await confirmTotp.mutateAsync({ id: adminId, code: normalizeTotpCode(code) });
      addSuccessToast(TOTP_ON);
      onDone();
    } catch (ex) {
      const n = normalizeError(ex);
      if (n.isAbort) return;
      setError(n.status === 400 ? WRONG_CODE : n.message);
    }
  };

  return (
    <div className="totp-setup">
      <h3 className="section-title" tabIndex={-1} ref={heading}>
        Set up an authenticator app
      </h3>
      <ol className="totp-steps">
        <li>
          <h4>1. Scan the QR code</h4>
          <p className="txt-hint">Scan it with an authenticator app (such as Aegis, 1Password or Google Authenticator), or type the key in by hand.</p>
          <div className="totp-key-row">
            <QrCode value={setup.uri} label={`QR code for ${label}`} />
            <div className="totp-key">
              <span className="txt-hint">Key</span>
              <code className="txt-mono" data-testid="totp-secret">
                {groupSecret(setup.secret)}
              </code>
              <CopyButton value={setup.secret} label="Copy the key" />
            </div>
          </div>
        </li>
        <li>
          <h4>2. Keep the recovery codes</h4>
          <p className="txt-hint">Each code signs you in once if you lose the device. They are shown only now.</p>
          <ul className="recovery-codes txt-mono" aria-label="Recovery codes">
            {setup.recoveryCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <div className="btns-row">
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={async () => {
                if (await copyText(text)) addInfoToast(CODES_COPIED);
              }}
            >
              <Icon name="copy" size={14} /> Copy codes
            </button>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => downloadBlob(new Blob([text], { type: "text/plain" }), RECOVERY_FILE_NAME)}>
              <Icon name="download" size={14} /> Download .txt
            </button>
          </div>
        </li>
        <li>
          <h4>3. Confirm with a code</h4>
          <form className="form totp-confirm" onSubmit={onSubmit} noValidate aria-label="Confirm the authenticator app">
            <Field name="code" label="Code from the app" required error={error}>
              {(p) => (
                <input
                  {...p}
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
                    setError("");
                  }}
                />
              )}
            </Field>
            <div className="btns-row">
              <button type="button" className="btn btn-transparent" onClick={onCancel} disabled={confirmTotp.isPending}>
                Cancel
              </button>
              <BusyButton className="btn btn-primary" busy={confirmTotp.isPending} type="submit">
                Turn on
              </BusyButton>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}
