import type { DB } from "../db/connection.js";
import type { ReadPool } from "../db/readPool.js";
import { requireAdmin, type Caller } from "../auth/caller.js";
import { LogsRepo } from "../db/logs.js";
import { QueryError } from "../query/errors.js";
import { compileFilter } from "../query/filterSql.js";
import { runListWith } from "../query/list.js";
import { tableResolver } from "../query/tableResolver.js";
import type { ListQuery } from "../query/types.js";
import { badRequest, notFound } from "../tools/errors.js";
import { LOG_COLUMNS, logJson, statsJson } from "./model.js";

/** The request logs API, admins only: list, hourly stats, one entry. */
export class LogsService {
  private readonly resolver = tableResolver("_logs", LOG_COLUMNS, { jsonColumns: ["data"] });
  constructor(private readonly app: { logsDb: DB; readPool: ReadPool }) {}

  /** Over the current handle: a restore reopens logs.db (app.reload). */
  private get repo(): LogsRepo {
    return new LogsRepo(this.app.logsDb);
  }

  /** No default sort: the reference lists in storage (rowid) order unless asked. */
  list(who: Caller, query: ListQuery) {
    requireAdmin(who);
    return runListWith(this.app.readPool, this.app.logsDb, { table: "_logs", resolver: this.resolver, query, mapRow: logJson });
  }

  stats(who: Caller, rawFilter: unknown) {
    requireAdmin(who);
    const filter = typeof rawFilter === "string" ? rawFilter.trim() : "";
    let where;
    if (filter) {
      try {
        where = compileFilter(filter, this.resolver);
      } catch (err) {
        if (!(err instanceof QueryError)) throw err;
        const e = badRequest("Invalid filter format.");
        e.cause = err.detail;
        throw e;
      }
    }
    return this.repo.hourlyStats(where).map(statsJson);
  }

  view(who: Caller, id: string) {
    requireAdmin(who);
    const row = this.repo.findById(id);
    if (!row) {
      const e = notFound();
      e.cause = "sql: no rows in result set";
      throw e;
    }
    return logJson(row);
  }
}
