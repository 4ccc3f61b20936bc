import { Spinner } from "./Spinner";

/**
 * The row a list table shows when it has no rows: a spinner while loading, else the empty text
 * and, when a filter is on (`onClearFilter` given), a "Clear filters" button. Nothing when rows exist.
 */
export function TableStateRow({ rows, loading, colSpan, loadingLabel, emptyText, onClearFilter }: { rows: number; loading: boolean; colSpan: number; loadingLabel: string; emptyText: string; onClearFilter?: () => void }) {
  if (rows) return null;
  return (
    <tr>
      <td colSpan={colSpan} className="table-state">
        {loading ? (
          <Spinner label={loadingLabel} />
        ) : (
          <>
            <p className="txt-hint">{emptyText}</p>
            {onClearFilter ? (
              <button type="button" className="btn btn-sm btn-secondary" onClick={onClearFilter}>
                Clear filters
              </button>
            ) : null}
          </>
        )}
      </td>
    </tr>
  );
}
