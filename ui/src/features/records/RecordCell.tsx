import type { ReactNode } from "react";
import type { Collection } from "../../data/collections/types";
import { fieldFileToken, fileUrl } from "../../data/records/fileUrl";
import { truncate } from "../../lib/format";
import { RecordDate } from "./RecordDate";
import { CELL_EDITOR_MAX, CELL_MAX_FILES, CELL_MAX_RELATIONS, CELL_TEXT_MAX, relationLabel, stripHtml, type RecordColumn } from "./listModel";
import { DEFAULT_THUMB, fileBadge, hasThumb } from "./fileKinds";
import { toList, type RecordData } from "./recordModel";

export interface CellContext {
  collection: Collection;
  collections: Collection[];
  fileToken: string;
}

function Empty() {
  return <span className="txt-hint">N/A</span>;
}

/**
 * Several chips or thumbs in one line, with "+N" for those left out; a single one on its own, as
 * every element less in a row makes "Load more" cheaper to lay out and paint.
 */
function several(className: string, items: ReactNode[], more: number): ReactNode {
  if (items.length === 1 && more <= 0) return items[0];
  return (
    <span className={className}>
      {items}
      {more > 0 ? <span className="txt-hint">+{more}</span> : null}
    </span>
  );
}

/**
 * One table cell's content, rendered per column and field type. Text-like values are plain text:
 * the cell clips them and sets their font (columnCellClass), as an element of their own per cell
 * made "Load more" about a tenth slower to lay out and paint.
 */
export function RecordCell({ column, record, ctx }: { column: RecordColumn; record: RecordData; ctx: CellContext }) {
  const field = column.field;
  if (column.id === "@id") {
    const id = String(record.id ?? "");
    if (ctx.collection.type !== "auth") return id;
    return (
      <span className="record-id-cell">
        <span className={`verified-dot ${record.verified ? "is-verified" : "is-unverified"}`} title={record.verified ? "Verified" : "Unverified"} role="img" aria-label={record.verified ? "Verified" : "Unverified"} />
        {id}
      </span>
    );
  }
  if (column.id === "@created" || column.id === "@updated") return <RecordDate value={String(record[column.sortKey] ?? "")} />;
  const value = record[column.sortKey];
  if (!field) return value ? String(value) : <Empty />;
  switch (field.type) {
    case "bool":
      return <span className={`label${value ? " label-success" : ""}`}>{value ? "True" : "False"}</span>;
    case "number":
      return value === null || value === undefined ? <Empty /> : String(value);
    case "date":
      return value ? <RecordDate value={String(value)} /> : <Empty />;
    case "editor": {
      const text = stripHtml(String(value ?? ""));
      return text ? truncate(text, CELL_EDITOR_MAX) : <Empty />;
    }
    case "json": {
      if (value === null || value === undefined) return <Empty />;
      return truncate(JSON.stringify(value), CELL_TEXT_MAX);
    }
    case "select": {
      const list = toList(value);
      if (!list.length) return <Empty />;
      const chips = list.map((v) => (
        <span key={v} className="chip">
          {v}
        </span>
      ));
      return several("chip-list", chips, 0);
    }
    case "file": {
      const list = toList(value);
      if (!list.length) return <Empty />;
      const token = fieldFileToken(field, ctx.fileToken);
      const thumbs = list.slice(0, CELL_MAX_FILES).map((name) =>
        hasThumb(name) && token !== null ? (
          <img key={name} className="thumb thumb-sm" src={fileUrl(record, name, { thumb: DEFAULT_THUMB, token })} alt={name} loading="lazy" />
        ) : (
          // Text, not an icon: an inline SVG would cost every row a clip and a transform to paint.
          <span key={name} className="thumb thumb-sm thumb-file thumb-badge" role="img" aria-label={name} title={name}>
            {fileBadge(name)}
          </span>
        ),
      );
      return several("cell-files", thumbs, list.length - CELL_MAX_FILES);
    }
    case "relation": {
      const ids = toList(value);
      if (!ids.length) return <Empty />;
      const related = ctx.collections.find((c) => c.id === field.options?.collectionId);
      const expanded = (record.expand as Record<string, unknown> | undefined)?.[field.name];
      const items = (Array.isArray(expanded) ? expanded : expanded ? [expanded] : []) as RecordData[];
      const chips = ids.slice(0, CELL_MAX_RELATIONS).map((id) => {
        const item = items.find((r) => r.id === id);
        return (
          <span key={id} className="chip">
            {truncate(item ? relationLabel(item, related) : id, 70)}
          </span>
        );
      });
      return several("chip-list", chips, ids.length - CELL_MAX_RELATIONS);
    }
    default: {
      const text = value === null || value === undefined ? "" : String(value);
      return text ? truncate(text, CELL_TEXT_MAX) : <Empty />;
    }
  }
}
