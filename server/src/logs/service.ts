import type { Db } from "../db/types.js";
import { requireAdmin, type Caller } from "../auth/caller.js";
import { logsRepo } from "../db/logs.js";
import { QueryError } from "../query/errors.js";
import { compileFilter } from "../query/filterSql.js";
import { runList } from "../query/list.js";
import { tableResolver } from "../query/tableResolver.js";
import type { ListQuery } from "../query/types.js";
import { badRequest, notFound } from "../tools/errors.js";
import { LOG_COLUMNS, logJson, statsJson } from "./model.js";

/** `_logs`' columns other than text: level is a number, data JSON, rowid the insertion order. */
const LOG_KINDS = { level: "number", data: "json", rowid: "integer" } as const;

/** The request logs API, admins only: list, hourly stats, one entry. */
export class LogsService {
  /** `logsDb` is read on every use: a restore reopens logs.db (app.reload). */
  constructor(private readonly deps: { readonly logsDb: Db }) {}

  private resolver() {
    return tableResolver(this.deps.logsDb.dialect, "_logs", LOG_COLUMNS, { jsonColumns: ["data"], kinds: LOG_KINDS, rowOrder: "rowid" });
  }

  /** No default sort: the reference lists in storage (rowid) order unless asked. */
  list(who: Caller, query: ListQuery) {
    requireAdmin(who);
    return runList(this.deps.logsDb, { table: "_logs", resolver: this.resolver(), query, mapRow: logJson });
  }

  async stats(who: Caller, rawFilter: unknown) {
    requireAdmin(who);
    const filter = typeof rawFilter === "string" ? rawFilter.trim() : "";
    let where;
    if (filter) {
      try {
        where = compileFilter(filter, this.resolver());
      } catch (err) {
        if (!(err instanceof QueryError)) throw err;
        const e = badRequest("Invalid filter format.");
        e.cause = err.detail;
        throw e;
      }
    }
    return (await logsRepo.hourlyStats(this.deps.logsDb, where)).map(statsJson);
  }

  async view(who: Caller, id: string) {
    requireAdmin(who);
    const row = await logsRepo.findById(this.deps.logsDb, id);
    if (!row) {
      const e = notFound();
      e.cause = "sql: no rows in result set";
      throw e;
    }
    return logJson(row);
  }
}
