import { CIcon } from "../collections/icons";
import { BusyButton } from "../../components/BusyButton";

export function RecordsBulkBar({ count, deleting, onReset, onDelete }: { count: number; deleting: boolean; onReset: () => void; onDelete: () => void }) {
  return (
    <div className="bulkbar" role="region" aria-label="Selected records actions">
      <span className="bulkbar-text" aria-live="polite">
        Selected <strong>{count}</strong> {count === 1 ? "record" : "records"}
      </span>
      <button type="button" className="btn btn-sm btn-transparent" onClick={onReset} disabled={deleting}>
        Reset
      </button>
      <BusyButton className="btn btn-sm btn-danger" busy={deleting} onClick={onDelete}>
        <CIcon name="trash" size={16} /> Delete selected
      </BusyButton>
    </div>
  );
}
