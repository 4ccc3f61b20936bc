import { stringify } from "csv-stringify/browser/esm/sync";
import type { Collection } from "../../../data/collections/types";
import { recordColumns } from "../listModel";

export type ExportFormat = "csv" | "json";

/** Records read per list call when the server has no export endpoint (the list API's largest page). */
export const EXPORT_PAGE = 500;

/** The field names of the columns the list shows, in its order. */
export function exportFields(c: Collection, hidden: readonly string[]): string[] {
  return recordColumns(c)
    .filter((col) => !hidden.includes(col.id))
    .map((col) => col.sortKey);
}

/** One CSV cell as the server's export writes it: multi-values and objects as JSON text. */
export function csvCell(v: unknown): string {
  if (v === undefined || v === null) return "";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return JSON.stringify(v);
}

// RFC 4180: CRLF between records, and any value holding CR or LF quoted (csv-stringify quotes
// line breaks only when they match its own record delimiter).
const CSV_OPTIONS = { record_delimiter: "\r\n", quoted_match: /[\r\n]/ } as const;

/** CSV text of rows of cells (the header is just the first row). */
export function csvText(rows: string[][]): string {
  return rows.length ? stringify(rows, CSV_OPTIONS) : "";
}

/** CSV lines for records, in the given columns. */
export function recordsCsv(records: Record<string, unknown>[], fields: readonly string[]): string {
  return csvText(records.map((r) => fields.map((f) => csvCell(r[f]))));
}

/** The file name of an export. */
export const exportFileName = (c: Collection, format: ExportFormat) => `${c.name}.${format}`;
