import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { App } from "../../app.js";
import type { ListQuery } from "../../query/types.js";
import { callerOf } from "../caller.js";
import { registerRecordBodyParsers, withRecordBody } from "../recordBody.js";
import { enterWriteGate } from "../writeGate.js";

type ListReq = FastifyRequest<{ Params: { collection: string }; Querystring: ListQuery & Record<string, unknown> }>;
type OneReq = FastifyRequest<{ Params: { collection: string; id: string }; Querystring: Record<string, unknown> }>;

/** @deprecated Kept for routes written before http/caller.ts: use `callerOf(req, data)`. */
export async function requester(_app: App, req: FastifyRequest, data?: unknown) {
  return callerOf(req, data);
}

/** The records API of every collection: list, view, create, update, delete. */
export function recordRoutes(app: App): FastifyPluginAsync {
  return async (r) => {
    registerRecordBodyParsers(r);

    // Services are read from the app on every request: a restore reopens them (app.reload).
    r.get("/collections/:collection/records", async (req: ListReq) => {
      const svc = app.records;
      const c = svc.collection(req.params.collection);
      return svc.listJson(c, req.query, callerOf(req));
    });

    r.get("/collections/:collection/records/:id", async (req: OneReq) => {
      const svc = app.records;
      const c = svc.collection(req.params.collection);
      const who = callerOf(req);
      return svc.present(c, svc.view(c, req.params.id, who), who, req.query);
    });

    // Writes enter the write gate once their body is in (a multipart body streams in here).
    r.post("/collections/:collection/records", async (req: OneReq, reply) => {
      const svc = app.records;
      const c = svc.collection(req.params.collection);
      return withRecordBody(req.body, app.files, c, undefined, async (body) => {
        await enterWriteGate(app, req, reply);
        const who = svc.withData(c, body, callerOf(req));
        return svc.present(c, await svc.createWithFiles(c, body, who), who, req.query);
      });
    });

    r.patch("/collections/:collection/records/:id", async (req: OneReq, reply) => {
      const svc = app.records;
      const c = svc.collection(req.params.collection);
      return withRecordBody(req.body, app.files, c, req.params.id, async (body) => {
        await enterWriteGate(app, req, reply);
        const who = svc.withData(c, body, callerOf(req), svc.find(c, req.params.id));
        return svc.present(c, await svc.updateWithFiles(c, req.params.id, body, who), who, req.query);
      });
    });

    r.delete("/collections/:collection/records/:id", async (req: OneReq, reply) => {
      const svc = app.records;
      const c = svc.collection(req.params.collection);
      await svc.deleteWithFiles(c, req.params.id, callerOf(req));
      return reply.status(204).send();
    });
  };
}
