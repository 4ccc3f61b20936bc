import Database from "better-sqlite3";
import path from "node:path";
import { expect } from "vitest";
import type { Call } from "./client.js";
import type { Ctx, DiffCase } from "./differential.js";
import type { Db } from "../../src/db/types.js";
import { testOnPostgres } from "./postgres.js";
import type { RunningCairn, RunningServer } from "./servers.js";

export type Pair = { cairn: RunningServer; ref: RunningServer };

/** Late binding of `differential(...).servers` (cases are built before it is called). */
export function serversRef() {
  let get: (() => Pair) | null = null;
  return {
    set: (fn: () => Pair) => (get = fn),
    get: (): Pair => {
      if (!get) throw new Error("servers not bound");
      return get();
    },
  };
}

export const post = (body: unknown) => (c: Ctx): Call => ({ method: "POST", path: "/api/collections", body, token: c.token });
export const patch = (idOrName: string, body: unknown) => (c: Ctx): Call => ({ method: "PATCH", path: `/api/collections/${idOrName}`, body, token: c.token });
export const get = (idOrName: string) => (c: Ctx): Call => ({ path: `/api/collections/${idOrName}`, token: c.token });
export const del = (idOrName: string) => (c: Ctx): Call => ({ method: "DELETE", path: `/api/collections/${idOrName}`, token: c.token });
export const list = (query = "") => (c: Ctx): Call => ({ path: `/api/collections${query}`, token: c.token });
export const importReq = (body: unknown) => (c: Ctx): Call => ({ method: "PUT", path: "/api/collections/import", body, token: c.token });
export const raw = (method: string, p: string, rawBody: string) => (c: Ctx): Call => ({ method, path: p, rawBody, token: c.token });

/** A case list builder: `[name, request]` pairs, all compared exactly. */
export const cases = (pairs: [string, (c: Ctx) => Call][]): DiffCase[] => pairs.map(([name, req]) => ({ name, req }));

/** Creates then deletes a collection on both servers (for bodies that may succeed), comparing both answers. */
export function createAndDrop(name: string, body: { name: string } & Record<string, unknown>): DiffCase[] {
  return [
    { name, req: post(body) },
    { name: `${name} (cleanup)`, req: (c) => ({ method: "DELETE", path: `/api/collections/${body.name}`, token: c.token }), compare: "status" },
  ];
}

interface MasterRow {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/** The schema objects of a data directory (tables, views, indexes), sorted by type and name. */
export function sqliteMaster(dataDir: string): MasterRow[] {
  const db = new Database(path.join(dataDir, "data.db"), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE '\\_temp\\_%' ESCAPE '\\' ORDER BY type, name")
      .all() as MasterRow[];
  } finally {
    db.close();
  }
}

/** All rows of a table or view, ordered by id. */
export function rows(dataDir: string, table: string): unknown[] {
  const db = new Database(path.join(dataDir, "data.db"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(`SELECT * FROM \`${table}\` ORDER BY id`).all();
  } finally {
    db.close();
  }
}

/** Runs SQL against a server's data.db (to put the same rows in both data directories). */
export function execSql(dataDir: string, sql: string): void {
  const db = new Database(path.join(dataDir, "data.db"));
  try {
    db.pragma("busy_timeout = 10000");
    db.exec(sql);
  } finally {
    db.close();
  }
}

/** Cairn's own sign-in tables (db/systemSchema.ts SIGN_IN_TABLES), which PocketBase v0.22 ignores. */
const CAIRN_ONLY_TABLES = new Set(["_otps", "_mfas", "_totps"]);

/** A case asserting both data directories hold the same schema objects (and optionally the same rows). */
export function sameSchema(servers: () => Pair, label: string, tables: string[] = []): DiffCase {
  return {
    name: `sqlite_master matches after ${label}`,
    req: () => ({ path: "/api/health" }),
    compare: "status",
    check: async () => {
      const { cairn, ref } = servers();
      if (testOnPostgres()) {
        // PostgreSQL keeps no SQLite schema text: the record tables' and views' columns and the indexes on them.
        const db = (cairn as RunningCairn).app.db;
        expect(await pgRecordSchema(db)).toEqual(sqliteRecordSchema(ref.dataDir));
        for (const t of tables) expect(await pgRows(db, t), `rows of ${t}`).toEqual(rows(ref.dataDir, t));
        return;
      }
      expect(sqliteMaster(cairn.dataDir).filter((row) => !CAIRN_ONLY_TABLES.has(row.tbl_name))).toEqual(sqliteMaster(ref.dataDir));
      for (const t of tables) expect(rows(cairn.dataDir, t), `rows of ${t}`).toEqual(rows(ref.dataDir, t));
    },
  };
}

interface RecordSchemaObject {
  type: string;
  name: string;
  tbl_name: string;
  columns?: string[];
}

const byTypeAndName = (a: RecordSchemaObject, b: RecordSchemaObject) => (a.type + "\0" + a.name < b.type + "\0" + b.name ? -1 : 1);

/** Record tables and views (names without a leading `_`) with their columns, and the indexes written on them. */
function sqliteRecordSchema(dataDir: string): RecordSchemaObject[] {
  const db = new Database(path.join(dataDir, "data.db"), { readonly: true, fileMustExist: true });
  try {
    return sqliteMaster(dataDir)
      .filter((o) => !o.tbl_name.startsWith("_") && !o.tbl_name.startsWith("sqlite_") && o.sql !== null)
      .map((o) =>
        o.type === "index"
          ? { type: o.type, name: o.name, tbl_name: o.tbl_name }
          : { type: o.type, name: o.name, tbl_name: o.tbl_name, columns: (db.prepare(`PRAGMA table_info(\`${o.name}\`)`).all() as { name: string }[]).map((c) => c.name) },
      )
      .sort(byTypeAndName);
  } finally {
    db.close();
  }
}

async function pgRecordSchema(db: Db): Promise<RecordSchemaObject[]> {
  const objects = await db.all<{ type: string; name: string; tbl_name: string }>(
    `SELECT CASE c.relkind WHEN 'r' THEN 'table' WHEN 'v' THEN 'view' ELSE 'index' END AS type, c.relname AS name,
       COALESCE(t.relname, c.relname) AS tbl_name
     FROM pg_class c LEFT JOIN pg_index i ON i.indexrelid = c.oid LEFT JOIN pg_class t ON t.oid = i.indrelid
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'v', 'i')
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = c.oid)`,
  );
  const out: RecordSchemaObject[] = [];
  for (const o of objects) {
    if (o.tbl_name.startsWith("_")) continue;
    if (o.type === "index") out.push(o);
    else out.push({ ...o, columns: (await db.read((t) => db.dialect.tableColumns(t, o.name))).map((c) => c.name) });
  }
  return out.sort(byTypeAndName);
}

/** The rows of a table as SQLite holds them (booleans 1/0), without PostgreSQL's row-order column. */
async function pgRows(db: Db, table: string): Promise<unknown[]> {
  const list = await db.all<Record<string, unknown>>(`SELECT * FROM ${db.dialect.quote(table)} ORDER BY ${db.dialect.quote("id")}`);
  return list.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => k !== "_rowid").map(([k, v]) => [k, typeof v === "boolean" ? Number(v) : v])));
}

/** A case running the same SQL in both data directories (on PostgreSQL, through Cairn's database). */
export function sqlOnBoth(servers: () => Pair, label: string, sql: string): DiffCase {
  return {
    name: label,
    req: () => ({ path: "/api/health" }),
    compare: "status",
    check: async () => {
      const { cairn, ref } = servers();
      execSql(ref.dataDir, sql);
      if (testOnPostgres()) await (cairn as RunningCairn).app.db.exec(forPostgres(sql));
      else execSql(cairn.dataDir, sql);
    },
  };
}

/** Test SQL for PostgreSQL: mixed-case names quoted (PostgreSQL folds unquoted ones to lower case). */
function forPostgres(sql: string): string {
  return sql.replace(/'(?:[^']|'')*'|\b([A-Za-z_][A-Za-z0-9_]*)\b/g, (m, word: string | undefined) =>
    word !== undefined && /[a-z]/.test(word) && /[A-Z]/.test(word) ? `"${word}"` : m,
  );
}
