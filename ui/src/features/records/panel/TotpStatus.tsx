import type { Collection } from "../../../data/collections/types";
import { useFactorsSupport } from "../../../data/system/factorsSupport";
import { useRemoveRecordTotp } from "../../../data/totp/recordTotp";
import { hasTotp } from "../../../data/totp/types";
import { BusyButton } from "../../../components/BusyButton";
import { confirm } from "../../../lib/confirm";
import { handleError, normalizeError } from "../../../lib/errors";
import { addInfoToast, addSuccessToast } from "../../../lib/toasts";

export const TOTP_LABEL = "Authenticator app (TOTP)";
export const CONFIRM_REMOVE_TOTP = "Do you really want to remove this record's authenticator app? Its recovery codes stop working too, and signing in no longer asks for its codes.";
export const TOTP_REMOVED = "Successfully removed the authenticator app.";
export const NO_TOTP = "This record has no authenticator app.";
/**
 * A schema field named `totp` keeps its own value in the server's answers, so the flag cannot
 * tell: Remove is offered, and a 404 tells there was none.
 */
export const TOTP_UNKNOWN = "Not shown (a field of this collection is named totp)";

/**
 * Whether a saved auth record has a confirmed authenticator app, with Remove for the admin (a
 * user who lost the device). Only on servers with TOTP (not PocketBase v0.22).
 */
export function TotpStatus({ collection, record, onRemoved }: { collection: Collection; record: Record<string, unknown>; onRemoved: () => void }) {
  const supported = useFactorsSupport();
  const remove = useRemoveRecordTotp();
  if (!supported) return null;
  // The server answers admins `totp: true` while the record has a confirmed app, and nothing otherwise.
  const known = !collection.schema.some((f) => f.name === "totp");
  const on = known && hasTotp(record);
  const recordId = String(record.id ?? "");
  return (
    <div className="record-totp" data-testid="record-totp">
      <span className="record-totp-label" id={`totp-${recordId}`}>
        {TOTP_LABEL}
      </span>
      {known ? (
        <span className={`chip${on ? " chip-success" : ""}`} aria-describedby={`totp-${recordId}`}>
          {on ? "Enabled" : "Not set up"}
        </span>
      ) : (
        <span className="txt-hint">{TOTP_UNKNOWN}</span>
      )}
      {on || !known ? (
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
                if (normalizeError(err).status === 404) addInfoToast(NO_TOTP);
                else handleError(err);
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
