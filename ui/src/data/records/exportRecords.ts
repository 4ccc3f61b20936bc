import type { Collection } from "../collections/types";
import { client } from "../../lib/client";
import { EXPORT_PAGE, exportFileName, recordsCsv, csvText, type ExportFormat } from "../../features/records/transfer/exportModel";
import { recordsTransferSupported } from "./transferSupport";

export interface ExportRequest {
  format: ExportFormat;
  filter: string;
  sort: string;
  fields: string[];
  /** Called as the export goes: records read so far and their total when known, or bytes received. */
  onProgress?: (p: { records?: number; total?: number; bytes?: number }) => void;
  signal?: AbortSignal;
}

export interface ExportedFile {
  blob: Blob;
  filename: string;
}

/**
 * Every record matching the list's filter and sort, with the given columns, as one file. Cairn
 * streams it from its export endpoint (read piece by piece, never parsed here); elsewhere the
 * list is paged 500 at a time and the file is built page by page.
 */
export async function exportRecords(c: Collection, req: ExportRequest): Promise<ExportedFile> {
  const filename = exportFileName(c, req.format);
  const blob = (await recordsTransferSupported(c.id)) ? await streamedExport(c, req) : await pagedExport(c, req);
  return { blob, filename };
}

async function streamedExport(c: Collection, req: ExportRequest): Promise<Blob> {
  const query = new URLSearchParams({ format: req.format, fields: req.fields.join(",") });
  if (req.filter) query.set("filter", req.filter);
  if (req.sort) query.set("sort", req.sort);
  const res = await fetch(client.buildUrl(`/api/collections/${encodeURIComponent(c.id)}/records/export`) + "?" + query.toString(), {
    headers: { Authorization: client.authStore.token },
    signal: req.signal,
  });
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    throw new Error(body.message || `Export failed (${res.status}).`);
  }
  const parts: Uint8Array[] = [];
  let bytes = 0;
  const reader = res.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    parts.push(chunk.value);
    bytes += chunk.value.byteLength;
    req.onProgress?.({ bytes });
  }
  return new Blob(parts as BlobPart[], { type: res.headers.get("content-type") ?? "application/octet-stream" });
}

async function pagedExport(c: Collection, req: ExportRequest): Promise<Blob> {
  const parts: string[] = req.format === "csv" ? [csvText([req.fields])] : [];
  // `id` breaks ties, so records with equal sort values are neither repeated nor skipped across pages
  const sort = req.sort ? `${req.sort},id` : "";
  let read = 0;
  for (let page = 1; ; page++) {
    const res = await client.collection(c.id).getList(page, EXPORT_PAGE, {
      filter: req.filter || undefined,
      sort: sort || undefined,
      fields: req.fields.join(","),
      skipTotal: page > 1,
      requestKey: null,
      signal: req.signal,
    });
    const items = res.items as unknown as Record<string, unknown>[];
    read += items.length;
    req.onProgress?.({ records: read, total: page === 1 ? res.totalItems : undefined });
    if (items.length) parts.push(req.format === "csv" ? recordsCsv(items, req.fields) : (parts.length ? ",\n" : "") + items.map((r) => JSON.stringify(r)).join(",\n"));
    if (items.length < EXPORT_PAGE) break;
  }
  if (req.format === "json") return new Blob(["[\n", ...parts, "\n]\n"], { type: "application/json" });
  return new Blob(parts, { type: "text/csv" });
}
