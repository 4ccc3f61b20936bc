import type { Db, Queryable } from "./types.js";
import { vacuumDb } from "./sqlite/maintenance.js";

/** A `_logs` row as stored (data is JSON text). */
export interface LogRow {
  id: string;
  level: number;
  message: string;
  data: string;
  created: string;
  updated: string;
}

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

/** SQL access to `_logs` in logs.db; every method runs on the `Db` or `Tx` it is given. */
export const logsRepo = {
  /** Inserts a batch in one transaction (all or nothing). */
  async insertMany(db: Db, rows: readonly LogRow[]): Promise<void> {
    if (rows.length === 0) return;
    await db.transaction(async (tx) => {
      for (const r of rows) {
        await tx.run("INSERT INTO _logs (id, level, message, data, created, updated) VALUES (?, ?, ?, ?, ?, ?)", [r.id, r.level, r.message, r.data, r.created, r.updated]);
      }
    });
  },

  findById(db: Queryable, id: string): Promise<LogRow | undefined> {
    return db.get<LogRow>("SELECT * FROM _logs WHERE id = ?", [id]);
  },

  /** Deletes logs created strictly before `cutoff` (a stored-format date); returns how many. */
  async deleteOlderThan(db: Queryable, cutoff: string): Promise<number> {
    // The hour condition lets SQLite narrow the scan with the hour index (the dialect's hour is
    // that index's expression); the exact one decides.
    const d = db.db.dialect;
    const created = d.quote("created");
    return (await db.run(`DELETE FROM _logs WHERE ${d.hourOf(created)} <= ${d.hourOf("?")} AND ${created} < ?`, [cutoff, cutoff])).changes;
  },

  /** Deletes every log and, when asked, gives the space back to the file system. */
  async deleteAllLogs(db: Db, vacuum: boolean): Promise<number> {
    const n = (await db.run("DELETE FROM _logs")).changes;
    if (vacuum) await vacuumDb(db);
    return n;
  },

  /** Log counts per hour, oldest first, optionally restricted by a compiled filter. */
  hourlyStats(db: Queryable, where?: WhereClause): Promise<StatsRow[]> {
    const joins = where?.joins ?? [];
    const joinSql = joins.map((j) => ` ${j.sql}`).join("");
    const cond = where?.sql ? ` WHERE ${where.sql}` : "";
    const d = db.db.dialect;
    const logs = d.quote("_logs");
    const id = `${logs}.${d.quote("id")}`;
    const count = joins.length ? `COUNT(DISTINCT ${id})` : `COUNT(${id})`;
    const hour = d.hourOf(`${logs}.${d.quote("created")}`);
    const sql = `SELECT ${count} AS total, ${hour} AS hour FROM ${logs}${joinSql}${cond} GROUP BY ${hour} ORDER BY ${hour}`;
    const params = [...joins.flatMap((j) => j.params ?? []), ...(where?.params ?? [])];
    return db.all<StatsRow>(sql, params);
  },
};
