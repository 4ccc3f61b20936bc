import type { ReactNode } from "react";
import { BusyButton } from "../../components/BusyButton";

/** Cancel/Reset and Save changes; Save is enabled only when the form changed and no save runs. */
export function FormActions({ changed, saving, onCancel, cancelLabel = "Cancel", saveLabel = "Save changes", start }: { changed: boolean; saving: boolean; onCancel: () => void; cancelLabel?: string; saveLabel?: string; start?: ReactNode }) {
  return (
    <div className="settings-actions">
      {start ? <div className="settings-actions-start">{start}</div> : null}
      {changed ? (
        <button type="button" className="btn btn-transparent" disabled={saving} onClick={onCancel}>
          {cancelLabel}
        </button>
      ) : null}
      <BusyButton className="btn btn-primary" busy={saving} type="submit" disabled={!changed}>
        {saveLabel}
      </BusyButton>
    </div>
  );
}
