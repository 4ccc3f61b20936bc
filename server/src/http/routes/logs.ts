import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { App } from "../../app.js";
import { LogsRepo } from "../../db/logs.js";
import { badRequest, notFound } from "../errors.js";
import { requireAdmin } from "../guards.js";
import type { RequestLogRouteConfig } from "../requestLog.js";
import { LOG_COLUMNS, logJson, statsJson } from "../../logs/model.js";
import { compileFilter } from "../../query/filterSql.js";
import { QueryError } from "../../query/errors.js";
import { runList } from "../../query/list.js";
import { tableResolver } from "../../query/tableResolver.js";
import type { ListQuery } from "../../query/types.js";

/** Like the reference, the logs API keeps its own successful calls out of the logs. */
const config: RequestLogRouteConfig = { skipRequestLog: true };

export function logRoutes(app: App): FastifyPluginAsync {
  const resolver = tableResolver("_logs", LOG_COLUMNS, { jsonColumns: ["data"] });
  // Built per request over the current handle: a restore reopens logs.db (app.reload).
  const repo = () => new LogsRepo(app.logsDb);

  return async (r) => {
    // No default sort: the reference lists in storage (rowid) order unless asked.
    r.get("/logs", { config }, async (req) => {
      requireAdmin(req);
      return runList(app.logsDb, { table: "_logs", resolver, query: req.query as ListQuery, mapRow: logJson });
    });

    r.get("/logs/stats", { config }, async (req: FastifyRequest<{ Querystring: { filter?: string } }>) => {
      requireAdmin(req);
      const filter = typeof req.query.filter === "string" ? req.query.filter.trim() : "";
      let where;
      if (filter) {
        try {
          where = compileFilter(filter, resolver);
        } catch (err) {
          if (!(err instanceof QueryError)) throw err;
          const e = badRequest("Invalid filter format.");
          e.cause = err.detail;
          throw e;
        }
      }
      return repo().hourlyStats(where).map(statsJson);
    });

    r.get("/logs/:id", { config }, async (req: FastifyRequest<{ Params: { id: string } }>) => {
      requireAdmin(req);
      const row = repo().findById(req.params.id);
      if (!row) {
        const e = notFound();
        e.cause = "sql: no rows in result set";
        throw e;
      }
      return logJson(row);
    });
  };
}
