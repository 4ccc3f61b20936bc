import Database from "better-sqlite3";
import path from "node:path";
import { expect } from "vitest";
import type { Call } from "./client.js";
import type { Ctx, DiffCase } from "./differential.js";
import type { RunningServer } from "./servers.js";

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
    check: () => {
      const { cairn, ref } = servers();
      expect(sqliteMaster(cairn.dataDir).filter((row) => !CAIRN_ONLY_TABLES.has(row.tbl_name))).toEqual(sqliteMaster(ref.dataDir));
      for (const t of tables) expect(rows(cairn.dataDir, t), `rows of ${t}`).toEqual(rows(ref.dataDir, t));
    },
  };
}

/** A case running the same SQL in both data directories. */
export function sqlOnBoth(servers: () => Pair, label: string, sql: string): DiffCase {
  return {
    name: label,
    req: () => ({ path: "/api/health" }),
    compare: "status",
    check: () => {
      const { cairn, ref } = servers();
      execSql(ref.dataDir, sql);
      execSql(cairn.dataDir, sql);
    },
  };
}
