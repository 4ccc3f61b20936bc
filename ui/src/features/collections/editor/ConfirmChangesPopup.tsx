import { OverlayPanel } from "../../../components/OverlayPanel";
import { CIcon } from "../icons";
import type { ChangeSummary } from "./editorModel";
import { BusyButton } from "../../../components/BusyButton";

export const CONFIRM_CHANGES_TITLE = "Confirm collection changes";
export const DELETED_FIELDS_WARNING = "All data of the deleted fields will be permanently lost.";

/** Lists renames, deletions and relation multiple -> single changes before an existing collection is saved. */
export function ConfirmChangesPopup({ open, summary, busy, onConfirm, onClose }: { open: boolean; summary: ChangeSummary; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <OverlayPanel
      open={open}
      onClose={onClose}
      beforeHide={() => !busy}
      title={CONFIRM_CHANGES_TITLE}
      size="popup"
      className="confirm-changes-popup"
      describedBy="confirm-changes-intro"
      footer={
        <>
          <button type="button" className="btn btn-transparent" disabled={busy} onClick={onClose}>
            Cancel
          </button>
          <BusyButton className="btn btn-primary" busy={busy} onClick={onConfirm} data-autofocus>
            Confirm
          </BusyButton>
        </>
      }
    >
      <p id="confirm-changes-intro">Saving applies these changes to the collection and its records:</p>
      <ul className="changes-list">
        {summary.collectionRename ? (
          <li>
            Rename the collection <code>{summary.collectionRename.from}</code> to <code>{summary.collectionRename.to}</code>.
          </li>
        ) : null}
        {summary.fieldRenames.map((r) => (
          <li key={r.from}>
            Rename the field <code>{r.from}</code> to <code>{r.to}</code>.
          </li>
        ))}
        {summary.multipleToSingle.map((name) => (
          <li key={name}>
            Change the relation <code>{name}</code> from multiple to single: records with several related ids keep only one.
          </li>
        ))}
        {summary.deletedFields.map((name) => (
          <li key={name}>
            Delete the field <code>{name}</code>.
          </li>
        ))}
      </ul>
      {summary.deletedFields.length ? (
        <div className="alert alert-danger" role="note">
          <CIcon name="alert" />
          <span>{DELETED_FIELDS_WARNING}</span>
        </div>
      ) : null}
      {summary.collectionRename || summary.fieldRenames.length ? (
        <p className="txt-hint txt-sm">Update API rules, client code and other collections that refer to the old names.</p>
      ) : null}
    </OverlayPanel>
  );
}
