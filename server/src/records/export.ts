import { stringify } from "csv-stringify/sync";
import type { CollectionModel } from "../models/collection.js";
import { errorsToData, V } from "../fields/errors.js";
import { badRequest } from "../tools/errors.js";
import { stringifyJson } from "../tools/json.js";
import type { Caller } from "../auth/caller.js";
import type { RecordService } from "./service.js";
import { csvCell, exportColumns } from "./exportColumns.js";
import type { Db } from "../db/types.js";
import { openReadCursor, type ReadCursor } from "../db/readCursor.js";
import { sqlQueryError } from "../query/errors.js";
import { parseFields, pickFields } from "./fields.js";
import { recordFromRow } from "../models/record.js";

export type ExportFormat = "csv" | "json";

/** Records read per list query while exporting (the list API's largest page). */
export const EXPORT_CHUNK = 500;

/** An export ready to stream: its first page is already read, so bad input failed before any byte. */
export interface RecordsExport {
  format: ExportFormat;
  contentType: string;
  filename: string;
  /** The body, piece by piece; the next page is read only when the previous piece was taken. */
  body: AsyncGenerator<string>;
}

/** The query parameters of an export (the list API's filter, sort and fields, plus the format). */
export interface ExportQuery {
  format?: unknown;
  filter?: unknown;
  sort?: unknown;
  fields?: unknown;
}

// RFC 4180: CRLF between records; csv-stringify quotes a value holding a line break only when
// told to (it checks for its own record delimiter), so every CR or LF is quoted explicitly.
const CSV_OPTIONS = { record_delimiter: "\r\n", quoted_match: /[\r\n]/ } as const;

const first = (v: unknown): string => String((Array.isArray(v) ? v[0] : v) ?? "");

function parseFormat(raw: unknown): ExportFormat {
  const f = first(raw) || "csv";
  if (f === "csv" || f === "json") return f;
  throw badRequest("Invalid export format.", errorsToData({ format: V.in() }));
}

/**
 * Every record a list with this filter and sort would page through, under the list rule: the
 * list's own SQL (one builder) without its paging, read by a cursor on a connection of its own,
 * EXPORT_CHUNK rows at a time — the next chunk only when the previous one was taken. Each row is
 * shaped by the list's code (`fields` applied).
 */
export async function exportRecords(svc: RecordService, db: Db, c: CollectionModel, query: ExportQuery, who: Caller): Promise<RecordsExport> {
  const format = parseFormat(query.format);
  const fieldsParam = query.fields === undefined ? undefined : first(query.fields);
  const fields = parseFields(fieldsParam);
  const sql = await svc.unpagedListSql(c, { filter: first(query.filter), sort: first(query.sort) }, who);
  let cursor: ReadCursor;
  try {
    cursor = await openReadCursor(db, sql.sql, sql.params);
  } catch (err) {
    throw sqlQueryError(db.dialect, err);
  }
  const columns = exportColumns(c, fieldsParam);
  const toJson = async (row: Record<string, unknown>) => pickFields(await svc.export(c, recordFromRow(c, row), who), fields) as Record<string, unknown>;

  async function* pages(): AsyncGenerator<Record<string, unknown>[]> {
    try {
      for (let rows = await cursor.next(EXPORT_CHUNK); rows.length; rows = await cursor.next(EXPORT_CHUNK)) {
        const items: Record<string, unknown>[] = [];
        for (const row of rows) items.push(await toJson(row));
        yield items;
      }
    } finally {
      await cursor.close(); // also when the client goes away mid-way
    }
  }

  async function* csv(): AsyncGenerator<string> {
    yield stringify([columns], CSV_OPTIONS);
    for await (const items of pages()) if (items.length) yield stringify(items.map((r) => columns.map((k) => csvCell(r[k]))), CSV_OPTIONS);
  }

  async function* json(): AsyncGenerator<string> {
    let sep = "[";
    for await (const items of pages()) {
      if (!items.length) continue;
      yield sep + "\n" + items.map((r) => stringifyJson(r)).join(",\n");
      sep = ",";
    }
    yield sep === "[" ? "[]\n" : "\n]\n";
  }

  return {
    format,
    contentType: format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
    filename: `${c.name}.${format}`,
    body: format === "csv" ? csv() : json(),
  };
}
