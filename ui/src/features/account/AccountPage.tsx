import "./account.css";
import { useState } from "react";
import { BusyButton } from "../../components/BusyButton";
import { Icon } from "../../components/Icon";
import { Spinner } from "../../components/Spinner";
import { useAdminTotpStatus, useSetupAdminTotp } from "../../data/totp/adminTotp";
import type { TotpSetup } from "../../data/totp/types";
import { useAdmin } from "../../lib/authState";
import { handleError } from "../../lib/errors";
import { SettingsLayout } from "../settings/SettingsLayout";
import { TotpOffForm } from "./TotpOffForm";
import { TotpSetupView } from "./TotpSetupView";

export const ACCOUNT_PATH = "/settings/account";
export const TOTP_STATUS_ON = "On: signing in asks for a code from your authenticator app after the password.";
export const TOTP_STATUS_OFF = "Off: signing in asks only for your password.";

/** The signed-in admin's own account: two-step verification with an authenticator app. */
export default function AccountPage() {
  const admin = useAdmin();
  const id = admin?.id ?? "";
  const status = useAdminTotpStatus(id);
  const start = useSetupAdminTotp();
  const [setup, setSetup] = useState<TotpSetup | null>(null);

  const begin = async () => {
    try {
      setSetup(await start.mutateAsync(id));
    } catch (err) {
      handleError(err);
    }
  };

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
                <TotpOffForm adminId={id} />
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
