import { useId } from "react";
import { confirmNo, confirmStore, confirmYes } from "../lib/confirm";
import { useStore } from "../lib/store";
import { OverlayPanel } from "./OverlayPanel";
import { BusyButton } from "./BusyButton";

/** The shared yes/no popup driven by lib/confirm. */
export function Confirm() {
  const state = useStore(confirmStore);
  const textId = useId();
  const busy = !!state?.busy;
  return (
    <OverlayPanel
      open={!!state}
      onClose={confirmNo}
      beforeHide={() => !busy}
      title="Confirm action"
      size="popup"
      role="alertdialog"
      describedBy={textId}
      showCloseButton={false}
      className="confirm-popup"
      footer={
        <>
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={confirmNo}>
            No
          </button>
          <BusyButton className="btn btn-danger" busy={busy} onClick={() => void confirmYes()} data-autofocus>
            Yes
          </BusyButton>
        </>
      }
    >
      <p id={textId} className="confirm-text">
        {state?.text}
      </p>
    </OverlayPanel>
  );
}
