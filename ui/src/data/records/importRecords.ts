import { ClientResponseError } from "pocketbase";
import type { Collection } from "../collections/types";
import { client } from "../../lib/client";
import { recordsTransferSupported } from "./transferSupport";

/** Rows sent per import request (Cairn), and creates in flight at once (other servers). */
export const IMPORT_CHUNK = 1000;
export const CREATE_CONCURRENCY = 6;

type ApiError = { code?: number; message?: string; data?: Record<string, unknown> };

export interface ImportOutcome {
  imported: number;
  /** 0-based row indexes with their error answers. */
  failed: { index: number; error: ApiError }[];
}

export interface ImportRequest {
  rows: Record<string, unknown>[];
  /** All or nothing: one failing row imports none. */
  atomic: boolean;
  /** Rows done so far (null while one all-or-nothing request runs). */
  onProgress?: (done: number | null) => void;
}

type ServerAnswer = { imported: number; results: ({ row: number; id: string } | { row: number; error: ApiError })[] };

/**
 * Creates a record per row. Cairn: its import endpoint, IMPORT_CHUNK rows per request (each
 * created in batches inside transactions), or every row in one transaction when atomic.
 * Elsewhere (PocketBase v0.22): the create API, a few rows at once; all-or-nothing there deletes
 * the records it created once a row has failed.
 */
export async function importRecords(c: Collection, req: ImportRequest): Promise<ImportOutcome> {
  return (await recordsTransferSupported(c.id)) ? importInChunks(c, req) : importByCreates(c, req);
}

async function importInChunks(c: Collection, req: ImportRequest): Promise<ImportOutcome> {
  const path = `/api/collections/${encodeURIComponent(c.id)}/records/import`;
  const size = req.atomic ? req.rows.length : IMPORT_CHUNK;
  const out: ImportOutcome = { imported: 0, failed: [] };
  req.onProgress?.(req.atomic ? null : 0);
  for (let from = 0; from < req.rows.length; from += size) {
    const answer = (await client.send(path, { method: "POST", body: { rows: req.rows.slice(from, from + size), atomic: req.atomic }, requestKey: null })) as ServerAnswer;
    out.imported += answer.imported;
    for (const r of answer.results) if ("error" in r) out.failed.push({ index: from + r.row, error: r.error });
    req.onProgress?.(Math.min(from + size, req.rows.length));
  }
  return out;
}

async function importByCreates(c: Collection, req: ImportRequest): Promise<ImportOutcome> {
  const created: string[] = [];
  const failed: ImportOutcome["failed"] = [];
  let next = 0;
  let done = 0;
  req.onProgress?.(0);
  const worker = async () => {
    while (next < req.rows.length) {
      const index = next++;
      try {
        created.push((await client.collection(c.id).create(req.rows[index], { requestKey: null })).id);
      } catch (err) {
        if (!(err instanceof ClientResponseError) || err.isAbort) throw err;
        failed.push({ index, error: err.response as ApiError });
      }
      req.onProgress?.(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CREATE_CONCURRENCY, req.rows.length) }, worker));
  failed.sort((a, b) => a.index - b.index);
  if (req.atomic && failed.length) {
    for (const id of created) await client.collection(c.id).delete(id, { requestKey: null }).catch(() => undefined);
    return { imported: 0, failed };
  }
  return { imported: created.length, failed };
}
