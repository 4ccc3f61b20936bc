import { createRequire } from "node:module";
import { READ_PRAGMAS } from "./connection.js";

/** What a read worker is asked: one statement on one database file. */
export interface ReadJob {
  /** The database file (`db.name` of the main connection). */
  file: string;
  sql: string;
  params: unknown[];
  /** `all` answers every row, `get` the first one (or undefined). */
  mode: "all" | "get";
}

/** A read worker's answer: the rows and how long SQLite took, for the pool's routing. */
export interface ReadAnswer {
  rows: unknown;
  ms: number;
}

/** Passed as `workerData`: where better-sqlite3 is (for `require` inside the worker) and the pragmas every connection gets. */
export const READ_WORKER_DATA = { sqlite: createRequire(import.meta.url).resolve("better-sqlite3"), pragmas: READ_PRAGMAS };

/**
 * The read worker: one read-only connection per database file it is asked about, opened on
 * first use, with a statement cache like the main connection's (cachedStatement). WAL lets it
 * read while the main connection writes; each statement sees what was committed when it
 * started. Plain CommonJS so the same code runs from src/ (tsx, vitest) and dist/.
 */
export const READ_WORKER_CODE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.sqlite);
const connections = new Map();
const CACHE_SIZE = 256;

function connection(file) {
  let c = connections.get(file);
  if (!c) {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    // The pragmas of every connection (db/connection.ts READ_PRAGMAS, passed in workerData).
    for (const p of workerData.pragmas) db.pragma(p);
    connections.set(file, (c = { db, statements: new Map() }));
  }
  return c;
}

function statement(c, sql) {
  let stmt = c.statements.get(sql);
  if (stmt) c.statements.delete(sql);
  else {
    stmt = c.db.prepare(sql);
    if (c.statements.size >= CACHE_SIZE) c.statements.delete(c.statements.keys().next().value);
  }
  c.statements.set(sql, stmt);
  return stmt;
}

parentPort.on("message", (job) => {
  try {
    const started = performance.now();
    const stmt = statement(connection(job.file), job.sql);
    const rows = job.mode === "get" ? stmt.get(...job.params) : stmt.all(...job.params);
    parentPort.postMessage({ result: { rows, ms: performance.now() - started } });
  } catch (err) {
    parentPort.postMessage({ error: { name: (err && err.name) || "Error", message: String((err && err.message) || err), code: err && err.code } });
  }
});`;
