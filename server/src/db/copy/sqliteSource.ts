import { existsSync } from "node:fs";
import path from "node:path";
import { collectionFromRow, type CollectionModel, type CollectionRow } from "../../models/collection.js";
import { openDatabase, type DB } from "../connection.js";
import { dataDbProblem } from "../snapshot.js";
import { LOGS_TABLE, READ_BATCH } from "./tables.js";
import type { CopySource, RowBatch } from "./types.js";

const q = (name: string) => '"' + name.replace(/"/g, '""') + '"';

/**
 * A data directory's data.db and logs.db as a copy source, read-only, each inside one read
 * transaction (a server may keep writing meanwhile: the copy is one state of each file).
 * Rows come in rowid order, which is how SQLite orders what it was given.
 */
export class SqliteSource implements CopySource {
  private constructor(
    private readonly data: DB,
    private readonly logs: DB | null,
    readonly collections: readonly CollectionModel[],
    private readonly tables: Set<string>,
  ) {}

  static open(dataDir: string): SqliteSource {
    const dataFile = path.join(dataDir, "data.db");
    if (!existsSync(dataFile)) throw new Error(`${dataDir} holds no data.db`);
    const problem = dataDbProblem(dataFile);
    if (problem) throw new Error(problem);
    const logsFile = path.join(dataDir, "logs.db");
    const data = openDatabase(dataFile, { readonly: true });
    const logs = existsSync(logsFile) ? openDatabase(logsFile, { readonly: true }) : null;
    for (const db of [data, logs]) db?.exec("BEGIN");
    const tables = new Set((data.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name));
    if (logs && (logs.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(LOGS_TABLE) !== undefined)) tables.add(LOGS_TABLE);
    const rows = data.prepare(`SELECT * FROM "_collections" ORDER BY rowid`).all() as CollectionRow[];
    return new SqliteSource(data, logs, rows.map(collectionFromRow), tables);
  }

  private file(table: string): DB {
    return table === LOGS_TABLE ? this.logs! : this.data;
  }

  has(table: string): boolean {
    return this.tables.has(table);
  }

  async columns(table: string): Promise<string[]> {
    return (this.file(table).prepare(`PRAGMA table_info(${q(table)})`).all() as { name: string }[]).map((r) => r.name);
  }

  async count(table: string): Promise<number> {
    return (this.file(table).prepare(`SELECT count(*) AS n FROM ${q(table)}`).get() as { n: number }).n;
  }

  async *batches(table: string, columns: readonly string[]): AsyncIterable<RowBatch> {
    const stmt = this.file(table)
      .prepare(`SELECT rowid, ${columns.map(q).join(", ")} FROM ${q(table)} WHERE rowid > ? ORDER BY rowid LIMIT ${READ_BATCH}`)
      .raw(true);
    for (let last = Number.MIN_SAFE_INTEGER; ; ) {
      const rows = stmt.all(last) as unknown[][];
      if (rows.length === 0) return;
      last = rows[rows.length - 1][0] as number;
      yield rows.map((r) => r.slice(1));
      if (rows.length < READ_BATCH) return;
    }
  }

  async migrations(): Promise<{ file: string; applied: number }[]> {
    const read = (db: DB | null) =>
      db && db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_migrations'").get()
        ? (db.prepare(`SELECT "file", "applied" FROM "_migrations" ORDER BY rowid`).all() as { file: string; applied: number }[])
        : [];
    return [...read(this.data), ...read(this.logs)];
  }

  async close(): Promise<void> {
    for (const db of [this.data, this.logs]) {
      if (!db) continue;
      if (db.inTransaction) db.exec("COMMIT");
      db.close();
    }
  }
}
