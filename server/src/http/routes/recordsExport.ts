import { Readable } from "node:stream";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { App } from "../../app.js";
import { exportRecords, type ExportQuery } from "../../records/export.js";
import { callerOf } from "../caller.js";

type ExportReq = FastifyRequest<{ Params: { collection: string }; Querystring: ExportQuery }>;

/** `GET /api/collections/:c/records/export`: every record the list would show, streamed as CSV or JSON. */
export function recordsExportRoutes(app: App): FastifyPluginAsync {
  return async (r) => {
    r.get("/collections/:collection/records/export", async (req: ExportReq, reply) => {
      const svc = app.records;
      const c = await svc.collection(req.params.collection);
      const out = await exportRecords(svc, app.db, c, req.query, callerOf(req));
      reply.header("content-type", out.contentType);
      reply.header("content-disposition", `attachment; filename="${out.filename}"`);
      reply.header("cache-control", "no-store");
      // Readable.from pulls the next piece only when the socket drained the previous one.
      return reply.send(Readable.from(out.body, { objectMode: false }));
    });
  };
}
