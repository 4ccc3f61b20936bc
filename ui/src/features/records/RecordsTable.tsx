import { useMemo, useRef, type CSSProperties } from "react";
import type { RecordData } from "./recordModel";
import { SideScroll } from "../../components/SideScroll";
import { TableStateRow } from "../../components/TableStateRow";
import { ColumnsMenu } from "./LazyColumnsMenu";
import type { CellContext } from "./RecordCell";
import { RecordRow } from "./RecordRow";
import { rowBlocks } from "./rowBlocks";
import { nextSort, RECORDS_ROW_CHUNK, sortState, tableTracks, type RecordColumn } from "./listModel";

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
 * Built from ARIA table roles on grid rows rather than an HTML table: a table lays out every
 * row again whenever rows are appended, while these rows share fixed column tracks
 * (`tableTracks`) and each lays out on its own, off-screen ones not at all (records.css).
 * The rows sit in blocks of RECORDS_ROW_CHUNK, the rows rendered per frame, each contained
 * (records.css): a new block lays out and paints without the blocks above it (about a third
 * off the frames that append rows, README). A row stays in its block when records are added or
 * removed elsewhere (rowBlocks): moved to another, it would be mounted again and lose the focus.
 * Rows are memoised (RecordRow): ctx, onToggle and onOpen must be stable across renders.
 */
export function RecordsTable(p: RecordsTableProps) {
  const visible = useMemo(() => p.columns.filter((c) => !p.hidden.includes(c.id)), [p.columns, p.hidden]);
  const tracks = useMemo(() => tableTracks(visible, p.selectable), [visible, p.selectable]);
  // Which block each row was first rendered in, kept across renders (rowBlocks).
  const blockOf = useRef(new Map<string, number>());
  const blocks = useMemo(() => {
    const { blocks, assigned } = rowBlocks(p.rows, (r) => String(r.id), blockOf.current, RECORDS_ROW_CHUNK);
    blockOf.current = assigned;
    return blocks;
  }, [p.rows]);
  const allSelected = p.totalLoaded > 0 && p.rows.length > 0 && p.selected.size >= p.totalLoaded;
  // Tracks and width on the table, for the head (kept in view above the box) and the rows alike.
  const style = { "--records-columns": tracks.template, "--records-min-width": `${tracks.minWidth}px` } as CSSProperties;
  const head = (
    <div role="rowgroup" className="records-head">
      <div role="row" className="records-tr">
        {p.selectable ? (
          <div role="columnheader" className="records-th col-select">
            <input type="checkbox" aria-label="Select all loaded records" checked={allSelected} disabled={!p.rows.length} onChange={p.onToggleAll} />
          </div>
        ) : null}
        {visible.map((col) => {
          const state = sortState(p.sort, col.sortKey);
          return (
            <div role="columnheader" key={col.id} aria-sort={state === "none" ? undefined : state} className="records-th">
              <button type="button" className="col-sort" onClick={() => p.onSort(nextSort(p.sort, col.sortKey))}>
                {col.label}
                {state !== "none" ? <span aria-hidden="true">{state === "ascending" ? " ↑" : " ↓"}</span> : null}
              </button>
            </div>
          );
        })}
        <div role="columnheader" className="records-th col-actions">
          <ColumnsMenu columns={p.columns} hidden={p.hidden} onToggle={p.onToggleColumn} />
        </div>
      </div>
    </div>
  );
  return (
    <SideScroll className="table-wrapper records-table-wrapper records-table" role="table" style={style} aria-busy={p.loading} aria-label={`Records of ${p.ctx.collection.name}`} head={head}>
      <div role="rowgroup" className="records-body">
        {blocks.map((block) => (
          <div role="none" className="records-block" key={block.key}>
            {block.rows.map((r) => (
              <RecordRow key={String(r.id)} record={r} columns={visible} ctx={p.ctx} selectable={p.selectable} selected={p.selected.has(String(r.id))} onToggle={p.onToggle} onOpen={p.onOpen} />
            ))}
          </div>
        ))}
        <TableStateRow element="div" rows={p.rows.length} loading={p.loading} loadingLabel="Loading records..." emptyText={NO_RECORDS_FOUND} onClearFilter={p.hasFilter ? p.onClearFilter : undefined} />
      </div>
    </SideScroll>
  );
}
