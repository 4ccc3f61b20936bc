import { memo } from "react";
import { RecordCell, type CellContext } from "./RecordCell";
import { columnCellClass, type RecordColumn } from "./listModel";
import type { RecordData } from "./recordModel";

export interface RecordRowProps {
  record: RecordData;
  /** The visible columns (a stable array while the columns don't change). */
  columns: RecordColumn[];
  ctx: CellContext;
  selectable: boolean;
  selected: boolean;
  onToggle: (id: string) => void;
  onOpen: (id: string) => void;
}

/**
 * One row of the records table. Memoised: "Load more" and the batched rendering of new rows
 * re-render the table once per frame, and without this every loaded row would render again.
 * Callers pass stable callbacks, columns and context.
 */
export const RecordRow = memo(function RecordRow({ record, columns, ctx, selectable, selected, onToggle, onOpen }: RecordRowProps) {
  const id = String(record.id);
  return (
    <div
      role="row"
      className={`records-tr records-row${selected ? " selected" : ""}`}
      data-record-id={id}
      onClick={(e) => {
        const target = e.target as HTMLElement;
        if (target.closest("input, a, button, label")) return;
        // the whole select cell is the checkbox's target: a near miss selects, it does not open
        if (target.closest(".col-select")) onToggle(id);
        else onOpen(id);
      }}
    >
      {selectable ? (
        <div role="cell" className="records-td col-select">
          <input type="checkbox" aria-label={`Select record ${id}`} checked={selected} onChange={() => onToggle(id)} />
        </div>
      ) : null}
      {columns.map((col) => (
        <div role="cell" key={col.id} className={`records-td ${columnCellClass(col)}`}>
          <RecordCell column={col} record={record} ctx={ctx} />
        </div>
      ))}
      {/* A glyph rather than an SVG icon: an SVG costs every row a clip and a transform to paint. */}
      <div role="cell" className="records-td col-actions">
        <button type="button" className="btn-icon btn-sm row-open" aria-label={`Open record ${id}`} onClick={() => onOpen(id)}>
          ›
        </button>
      </div>
    </div>
  );
});
