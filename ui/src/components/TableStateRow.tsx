import { Spinner } from "./Spinner";

interface StateProps {
  rows: number;
  loading: boolean;
  loadingLabel: string;
  emptyText: string;
  onClearFilter?: () => void;
}

/** A `tr` spanning `colSpan` columns of an HTML table, or ("div") a row of a table built from ARIA roles. */
export type TableStateRowProps = StateProps & ({ element?: "tr"; colSpan: number } | { element: "div"; colSpan?: never });

/**
 * The row a list table shows when it has no rows: a spinner while loading, else the empty text
 * and, when a filter is on (`onClearFilter` given), a "Clear filters" button. Nothing when rows exist.
 */
export function TableStateRow(props: TableStateRowProps) {
  const { rows, loading, loadingLabel, emptyText, onClearFilter } = props;
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
  if (props.element === "div") {
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
      <td colSpan={props.colSpan} className="table-state">
        {content}
      </td>
    </tr>
  );
}
