import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { App } from "../../app.js";
import { DEFAULT_MAX_BODY } from "../../batch/service.js";
import { importRecords, parseImportBody } from "../../records/import.js";
import { callerOf } from "../caller.js";
import { errorBody } from "../errorResponse.js";

type ImportReq = FastifyRequest<{ Params: { collection: string } }>;

/** `POST /api/collections/:c/records/import`: `{rows, atomic}` created in batches, one result per row. */
export function recordsImportRoutes(app: App): FastifyPluginAsync {
  return async (r) => {
    r.post("/collections/:collection/records/import", { bodyLimit: DEFAULT_MAX_BODY }, async (req: ImportReq) => {
      const c = await app.records.collection(req.params.collection);
      const out = await importRecords(app, c, parseImportBody(req.body), callerOf(req));
      // A failed row carries its error as the reference's envelope.
      return { ...out, results: out.results.map((r) => ("error" in r ? { row: r.row, error: errorBody(r.error) } : r)) };
    });
  };
}
