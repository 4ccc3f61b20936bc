import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { App } from "../../app.js";
import { locateRecordFile } from "../../records/recordFile.js";
import { notFound } from "../../tools/errors.js";
import { dropFileHeaders, sendServeResult } from "../fileReply.js";
import { serveLocatedFile } from "../fileServe.js";

type FileReq = FastifyRequest<{ Params: { collection: string; record: string; filename: string }; Querystring: Record<string, unknown> }>;

/** GET /api/files/:collection/:record/:filename: a record's file or thumb; protected files need `?token=`. */
export function recordFileRoutes(app: App): FastifyPluginAsync {
  return async (r) => {
    r.get("/files/:collection/:record/:filename", async (req: FileReq, reply: FastifyReply) => {
      const file = await locateRecordFile(app, { ...req.params, headers: req.headers, query: req.query });
      if (!file) {
        dropFileHeaders(reply);
        throw notFound();
      }
      return sendServeResult(reply, await serveLocatedFile(file, req));
    });
  };
}
