import { Spinner } from "./Spinner";

export interface TableStateRowProps {
  rows: number;
  loading: boolean;
  /** Columns the state cell spans in an HTML table (a "tr" row). */
  colSpan?: number;
  loadingLabel: string;
  emptyText: string;
  onClearFilter?: () => void;
  /** "div" for tables built from ARIA roles (the cell then spans every grid column). */
  element?: "tr" | "div";
}

/**
 * The row a list table shows when it has no rows: a spinner while loading, else the empty text
 * and, when a filter is on (`onClearFilter` given), a "Clear filters" button. Nothing when rows exist.
 */
export function TableStateRow({ rows, loading, colSpan, loadingLabel, emptyText, onClearFilter, element = "tr" }: TableStateRowProps) {
  if (rows) return null;
  const content = loading ? (
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
  );
  if (element === "div") {
    return (
      <div role="row" className="table-state-row">
        <div role="cell" className="table-state">
          {content}
        </div>
      </div>
    );
  }
  return (
    <tr>
      <td colSpan={colSpan} className="table-state">
        {content}
      </td>
    </tr>
  );
}
