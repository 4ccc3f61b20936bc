import { stringify } from "csv-stringify/sync";
import type { CollectionModel } from "../collections/model.js";
import { errorsToData, V } from "../fields/errors.js";
import { ApiError } from "../tools/errors.js";
import { stringifyJson } from "../tools/json.js";
import type { Requester } from "../auth/caller.js";
import type { RecordService } from "./service.js";
import { csvCell, exportColumns } from "./exportColumns.js";

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
  expand?: unknown;
}

// RFC 4180: CRLF between records; csv-stringify quotes a value holding a line break only when
// told to (it checks for its own record delimiter), so every CR or LF is quoted explicitly.
const CSV_OPTIONS = { record_delimiter: "\r\n", quoted_match: /[\r\n]/ } as const;

const first = (v: unknown): string => String((Array.isArray(v) ? v[0] : v) ?? "");

function parseFormat(raw: unknown): ExportFormat {
  const f = first(raw) || "csv";
  if (f === "csv" || f === "json") return f;
  throw new ApiError(400, "Invalid export format.", errorsToData({ format: V.in() }));
}

/**
 * Every record a list with this filter and sort would page through, under the list rule (the
 * list API's own code reads each chunk). Pages are read by offset in a stable order: the sort
 * gets `id` as a tie-breaker, so rows with equal sort values are neither repeated nor skipped.
 */
export async function exportRecords(svc: RecordService, c: CollectionModel, query: ExportQuery, who: Requester, beforePage: () => Promise<void> = async () => {}): Promise<RecordsExport> {
  const format = parseFormat(query.format);
  const sort = first(query.sort).trim();
  const base: Record<string, string> = { filter: first(query.filter), sort: sort ? `${sort},id` : "", skipTotal: "1", perPage: String(EXPORT_CHUNK) };
  if (query.fields !== undefined) base.fields = first(query.fields);
  if (query.expand !== undefined) base.expand = first(query.expand);
  const page = async (n: number) => {
    await beforePage();
    return (await svc.listJson(c, { ...base, page: String(n) }, who)).items as Record<string, unknown>[];
  };
  const firstPage = await page(1);
  const columns = exportColumns(c, base.fields);

  async function* pages(): AsyncGenerator<Record<string, unknown>[]> {
    let items = firstPage;
    for (let n = 1; ; n++) {
      yield items;
      if (items.length < EXPORT_CHUNK) return;
      items = await page(n + 1);
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
