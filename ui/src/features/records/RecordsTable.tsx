import { useMemo } from "react";
import type { RecordData } from "./recordModel";
import { TableStateRow } from "../../components/TableStateRow";
import { ColumnsMenu } from "./ColumnsMenu";
import type { CellContext } from "./RecordCell";
import { RecordRow } from "./RecordRow";
import { nextSort, sortState, type RecordColumn } from "./listModel";

export const NO_RECORDS_FOUND = "No records found.";

export interface RecordsTableProps {
  ctx: CellContext;
  columns: RecordColumn[];
  hidden: string[];
  onToggleColumn: (id: string) => void;
  rows: RecordData[];
  totalLoaded: number;
  loading: boolean;
  sort: string;
  onSort: (sort: string) => void;
  selectable: boolean;
  selected: Set<string>;
  onToggleAll: () => void;
  onToggle: (id: string) => void;
  onOpen: (id: string) => void;
  hasFilter: boolean;
  onClearFilter: () => void;
}

/**
 * The records table: sortable headers, per-type cells, row selection and the empty state.
 * Rows are memoised (RecordRow): ctx, onToggle and onOpen must be stable across renders.
 */
export function RecordsTable(p: RecordsTableProps) {
  const visible = useMemo(() => p.columns.filter((c) => !p.hidden.includes(c.id)), [p.columns, p.hidden]);
  const allSelected = p.totalLoaded > 0 && p.rows.length > 0 && p.selected.size >= p.totalLoaded;
  const colSpan = visible.length + (p.selectable ? 1 : 0) + 1;
  return (
    <div className="table-wrapper records-table-wrapper">
      <table className="table records-table" aria-busy={p.loading} aria-label={`Records of ${p.ctx.collection.name}`}>
        <thead>
          <tr>
            {p.selectable ? (
              <th className="col-select" scope="col">
                <input type="checkbox" aria-label="Select all loaded records" checked={allSelected} disabled={!p.rows.length} onChange={p.onToggleAll} />
              </th>
            ) : null}
            {visible.map((col) => {
              const state = sortState(p.sort, col.sortKey);
              return (
                <th key={col.id} scope="col" aria-sort={state === "none" ? undefined : state} className={`col-${col.field?.type ?? "system"}`}>
                  <button type="button" className="col-sort" onClick={() => p.onSort(nextSort(p.sort, col.sortKey))}>
                    {col.label}
                    {state !== "none" ? <span aria-hidden="true">{state === "ascending" ? " ↑" : " ↓"}</span> : null}
                  </button>
                </th>
              );
            })}
            <th scope="col" className="col-actions">
              <ColumnsMenu columns={p.columns} hidden={p.hidden} onToggle={p.onToggleColumn} />
            </th>
          </tr>
        </thead>
        <tbody>
          {p.rows.map((r) => (
            <RecordRow key={String(r.id)} record={r} columns={visible} ctx={p.ctx} selectable={p.selectable} selected={p.selected.has(String(r.id))} onToggle={p.onToggle} onOpen={p.onOpen} />
          ))}
          <TableStateRow rows={p.rows.length} loading={p.loading} colSpan={colSpan} loadingLabel="Loading records..." emptyText={NO_RECORDS_FOUND} onClearFilter={p.hasFilter ? p.onClearFilter : undefined} />
        </tbody>
      </table>
    </div>
  );
}
