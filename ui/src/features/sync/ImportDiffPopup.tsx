import { useMemo } from "react";
import { OverlayPanel } from "../../components/OverlayPanel";
import { CollectionsDiffTable } from "./CollectionsDiffTable";
import { importDiffs, type ImportChanges } from "./importModel";
import { BusyButton } from "../../components/BusyButton";

export interface ImportDiffPopupProps {
  open: boolean;
  changes: ImportChanges;
  importing: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** "Side-by-side diff": never closes on a backdrop click; while importing it does not close at all. */
export default function ImportDiffPopup({ open, changes, importing, onClose, onConfirm }: ImportDiffPopupProps) {
  const diffs = useMemo(() => importDiffs(changes), [changes]);
  return (
    <OverlayPanel
      open={open}
      onClose={onClose}
      beforeHide={() => !importing}
      overlayClose={false}
      escClose={!importing}
      showCloseButton={!importing}
      size="popup"
      className="import-diff-popup"
      title="Side-by-side diff"
      footer={
        <>
          <button type="button" className="btn btn-transparent" disabled={importing} onClick={onClose}>
            Close
          </button>
          <BusyButton className="btn btn-primary" busy={importing} onClick={onConfirm}>
            Confirm and import
          </BusyButton>
        </>
      }
    >
      <div className="diff-list">
        {diffs.map((d) => (
          <CollectionsDiffTable key={`${d.status}-${d.id}`} diff={d} />
        ))}
      </div>
    </OverlayPanel>
  );
}
