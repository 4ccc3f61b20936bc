import { cachedStatement, transaction, type DB } from "./connection.js";

/** A `_logs` row as stored (data is JSON text). */
export interface LogRow {
  id: string;
  level: number;
  message: string;
  data: string;
  created: string;
  updated: string;
}

/** The hour bucket of a log; the same expression as the `_logs_created_hour_idx` index so SQLite can use it. */
const HOUR_EXPR = "strftime('%Y-%m-%d %H:00:00', `created`)";

/** A compiled filter (from query/filterSql): a WHERE condition, its bound values and any JOINs. */
export interface WhereClause {
  sql: string;
  params?: unknown[];
  joins?: { sql: string; params?: unknown[] }[];
}

export interface StatsRow {
  total: number;
  /** `YYYY-MM-DD HH:00:00` (UTC). */
  hour: string;
}

/** SQL access to `_logs` in logs.db. Statements are prepared once per connection. */
export class LogsRepo {
  private insertStmt;
  private byId;
  private deleteBefore;
  private deleteAll;

  constructor(private readonly db: DB) {
    this.insertStmt = db.prepare(
      "INSERT INTO _logs (id, level, message, data, created, updated) VALUES (@id, @level, @message, @data, @created, @updated)",
    );
    this.byId = db.prepare("SELECT * FROM _logs WHERE id = ?");
    // The hour condition lets SQLite narrow the scan with the hour index; the exact one decides.
    this.deleteBefore = db.prepare(
      `DELETE FROM _logs WHERE ${HOUR_EXPR} <= strftime('%Y-%m-%d %H:00:00', @cutoff) AND \`created\` < @cutoff`,
    );
    this.deleteAll = db.prepare("DELETE FROM _logs");
  }

  /** Inserts a batch in one immediate transaction (all or nothing). */
  insertMany(rows: readonly LogRow[]): void {
    if (rows.length === 0) return;
    transaction(this.db, () => {
      for (const r of rows) this.insertStmt.run(r);
    });
  }

  findById(id: string): LogRow | undefined {
    return this.byId.get(id) as LogRow | undefined;
  }

  /** Deletes logs created strictly before `cutoff` (a stored-format date); returns how many. */
  deleteOlderThan(cutoff: string): number {
    return this.deleteBefore.run({ cutoff }).changes;
  }

  /** Deletes every log and, when asked, gives the space back to the file system. */
  deleteAllLogs(vacuum: boolean): number {
    const n = this.deleteAll.run().changes;
    if (vacuum) this.db.exec("VACUUM");
    return n;
  }

  /** Log counts per hour, oldest first, optionally restricted by a compiled filter. */
  hourlyStats(where?: WhereClause): StatsRow[] {
    const joins = where?.joins ?? [];
    const joinSql = joins.map((j) => ` ${j.sql}`).join("");
    const cond = where?.sql ? ` WHERE ${where.sql}` : "";
    const count = joins.length ? "COUNT(DISTINCT `_logs`.`id`)" : "COUNT(`_logs`.`id`)";
    const hour = "strftime('%Y-%m-%d %H:00:00', `_logs`.`created`)";
    const sql = `SELECT ${count} AS total, ${hour} AS hour FROM \`_logs\`${joinSql}${cond} GROUP BY ${hour} ORDER BY ${hour}`;
    const params = [...joins.flatMap((j) => j.params ?? []), ...(where?.params ?? [])];
    return cachedStatement(this.db, sql).all(...params) as StatsRow[];
  }

}
