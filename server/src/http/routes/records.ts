import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { App } from "../../app.js";
import type { ListQuery } from "../../query/types.js";
import { callerWithData } from "../../records/ruleDataModifiers.js";
import { callerOf } from "../caller.js";
import { registerRecordBodyParsers, withRecordBody } from "../recordBody.js";

type ListReq = FastifyRequest<{ Params: { collection: string }; Querystring: ListQuery & Record<string, unknown> }>;
type OneReq = FastifyRequest<{ Params: { collection: string; id: string }; Querystring: Record<string, unknown> }>;

/** The records API of every collection: list, view, create, update, delete. */
export function recordRoutes(app: App): FastifyPluginAsync {
  return async (r) => {
    registerRecordBodyParsers(r);

    // Services are read from the app on every request: a restore reopens them (app.reload).
    r.get("/collections/:collection/records", async (req: ListReq) => {
      const svc = app.records;
      const c = await svc.collection(req.params.collection);
      return svc.listJson(c, req.query, callerOf(req));
    });

    r.get("/collections/:collection/records/:id", async (req: OneReq) => {
      const svc = app.records;
      const c = await svc.collection(req.params.collection);
      return svc.viewJson(c, req.params.id, callerOf(req), req.query);
    });

    r.post("/collections/:collection/records", async (req: OneReq) => {
      const svc = app.records;
      const c = await svc.collection(req.params.collection);
      return withRecordBody(req.body, app.files, c, undefined, async (body) => {
        const who = callerWithData(c, body, callerOf(req));
        return svc.present(c, await svc.create(c, body, who), who, req.query);
      });
    });

    r.patch("/collections/:collection/records/:id", async (req: OneReq) => {
      const svc = app.records;
      const c = await svc.collection(req.params.collection);
      return withRecordBody(req.body, app.files, c, req.params.id, async (body) => {
        const who = callerWithData(c, body, callerOf(req), await svc.find(c, req.params.id));
        return svc.present(c, await svc.update(c, req.params.id, body, who), who, req.query);
      });
    });

    r.delete("/collections/:collection/records/:id", async (req: OneReq, reply) => {
      const svc = app.records;
      const c = await svc.collection(req.params.collection);
      await svc.delete(c, req.params.id, callerOf(req));
      return reply.status(204).send();
    });
  };
}
