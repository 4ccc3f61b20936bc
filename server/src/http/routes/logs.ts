import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { App } from "../../app.js";
import { LogsService } from "../../logs/service.js";
import type { ListQuery } from "../../query/types.js";
import { callerOf } from "../caller.js";
import type { RequestLogRouteConfig } from "../requestLog.js";

/** Like the reference, the logs API keeps its own successful calls out of the logs. */
const config: RequestLogRouteConfig = { skipRequestLog: true };

export function logRoutes(app: App): FastifyPluginAsync {
  const svc = new LogsService(app);
  return async (r) => {
    r.get("/logs", { config }, async (req) => svc.list(callerOf(req), req.query as ListQuery));
    r.get("/logs/stats", { config }, async (req: FastifyRequest<{ Querystring: { filter?: unknown } }>) => svc.stats(callerOf(req), req.query.filter));
    r.get("/logs/:id", { config }, async (req: FastifyRequest<{ Params: { id: string } }>) => svc.view(callerOf(req), req.params.id));
  };
}
