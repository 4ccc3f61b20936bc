import { Icon } from "../../components/Icon";

export function LogsBulkBar({ count, onReset, onDownload }: { count: number; onReset: () => void; onDownload: () => void }) {
  return (
    <div className="bulkbar" role="region" aria-label="Selected logs actions">
      <span className="bulkbar-text" aria-live="polite">
        Selected <strong>{count}</strong> {count === 1 ? "log" : "logs"}
      </span>
      <button type="button" className="btn btn-sm btn-transparent" onClick={onReset}>
        Reset
      </button>
      <button type="button" className="btn btn-sm btn-primary" onClick={onDownload}>
        <Icon name="download" size={16} /> Download as JSON
      </button>
    </div>
  );
}
