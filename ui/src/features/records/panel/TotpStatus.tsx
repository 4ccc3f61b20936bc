import type { Collection } from "../../../data/collections/types";
import { useFactorsSupport } from "../../../data/system/factorsSupport";
import { useRemoveRecordTotp } from "../../../data/totp/recordTotp";
import { hasTotp } from "../../../data/totp/types";
import { BusyButton } from "../../../components/BusyButton";
import { confirm } from "../../../lib/confirm";
import { handleError } from "../../../lib/errors";
import { addSuccessToast } from "../../../lib/toasts";

export const TOTP_LABEL = "Authenticator app (TOTP)";
export const CONFIRM_REMOVE_TOTP = "Do you really want to remove this record's authenticator app? Its recovery codes stop working too, and signing in no longer asks for its codes.";
export const TOTP_REMOVED = "Successfully removed the authenticator app.";

/**
 * Whether a saved auth record has a confirmed authenticator app, with Remove for the admin (a
 * user who lost the device). Only on servers with TOTP (not PocketBase v0.22).
 */
export function TotpStatus({ collection, record, onRemoved }: { collection: Collection; record: Record<string, unknown>; onRemoved: () => void }) {
  const supported = useFactorsSupport();
  const remove = useRemoveRecordTotp();
  if (!supported) return null;
  const on = hasTotp(record);
  const recordId = String(record.id ?? "");
  return (
    <div className="record-totp" data-testid="record-totp">
      <span className="record-totp-label" id={`totp-${recordId}`}>
        {TOTP_LABEL}
      </span>
      <span className={`chip${on ? " chip-success" : ""}`} aria-describedby={`totp-${recordId}`}>
        {on ? "Enabled" : "Not set up"}
      </span>
      {on ? (
        <BusyButton
          className="btn btn-sm btn-transparent btn-danger-txt"
          busy={remove.isPending}
          aria-label="Remove the authenticator app"
          onClick={() =>
            confirm(CONFIRM_REMOVE_TOTP, async () => {
              try {
                await remove.mutateAsync({ collection, recordId });
                addSuccessToast(TOTP_REMOVED);
                onRemoved();
              } catch (err) {
                handleError(err);
              }
            })
          }
        >
          Remove
        </BusyButton>
      ) : null}
    </div>
  );
}
