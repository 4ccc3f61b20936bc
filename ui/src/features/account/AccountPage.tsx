import "./account.css";
import { useState } from "react";
import { BusyButton } from "../../components/BusyButton";
import { Icon } from "../../components/Icon";
import { Spinner } from "../../components/Spinner";
import { useAdminTotpStatus, useRemoveAdminTotp, useSetupAdminTotp } from "../../data/totp/adminTotp";
import type { TotpSetup } from "../../data/totp/types";
import { useAdmin } from "../../lib/authState";
import { confirm } from "../../lib/confirm";
import { handleError } from "../../lib/errors";
import { addSuccessToast } from "../../lib/toasts";
import { SettingsLayout } from "../settings/SettingsLayout";
import { TotpSetupView } from "./TotpSetupView";

export const ACCOUNT_PATH = "/settings/account";
export const TOTP_STATUS_ON = "On: signing in asks for a code from your authenticator app after the password.";
export const TOTP_STATUS_OFF = "Off: signing in asks only for your password.";
export const CONFIRM_TOTP_OFF = "Do you really want to turn off the authenticator app? Signing in will ask only for your password.";
export const TOTP_OFF = "Authenticator app turned off.";

/** The signed-in admin's own account: two-step verification with an authenticator app. */
export default function AccountPage() {
  const admin = useAdmin();
  const id = admin?.id ?? "";
  const status = useAdminTotpStatus(id);
  const start = useSetupAdminTotp();
  const remove = useRemoveAdminTotp();
  const [setup, setSetup] = useState<TotpSetup | null>(null);

  const begin = async () => {
    try {
      setSetup(await start.mutateAsync(id));
    } catch (err) {
      handleError(err);
    }
  };

  const turnOff = () =>
    confirm(CONFIRM_TOTP_OFF, async () => {
      try {
        await remove.mutateAsync(id);
        addSuccessToast(TOTP_OFF);
      } catch (err) {
        handleError(err);
      }
    });

  const enabled = !!status.data;
  return (
    <SettingsLayout title="Your account" className="account-page">
      <div className="settings-panel account-panel">
        <p>
          Signed in as <strong>{admin?.email}</strong>
        </p>
        <section className="options-section" aria-labelledby="totp-title">
          <h2 id="totp-title" className="section-title">
            <Icon name="lock" size={16} /> Authenticator app
          </h2>
          {status.isPending ? (
            <Spinner label="Loading..." />
          ) : status.isError ? (
            <p className="txt-hint">Failed to load the authenticator app state.</p>
          ) : setup ? (
            <TotpSetupView
              adminId={id}
              email={admin?.email ?? ""}
              setup={setup}
              onDone={() => setSetup(null)}
              onCancel={() => setSetup(null)}
            />
          ) : (
            <>
              <p role="status" className={enabled ? "totp-status totp-on" : "totp-status"}>
                {enabled ? TOTP_STATUS_ON : TOTP_STATUS_OFF}
              </p>
              {enabled ? (
                <BusyButton className="btn btn-secondary btn-danger-txt" busy={remove.isPending} onClick={turnOff}>
                  Turn off
                </BusyButton>
              ) : (
                <BusyButton className="btn btn-primary" busy={start.isPending} onClick={() => void begin()}>
                  Set up authenticator app
                </BusyButton>
              )}
            </>
          )}
        </section>
      </div>
    </SettingsLayout>
  );
}
