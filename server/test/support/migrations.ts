import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { PB_BIN, tempDir } from "./dataDirs.js";
import { adminToken, call } from "./client.js";
import { startCairn, startReference, type RunningServer } from "./servers.js";
import { createApp } from "../../src/app.js";

/** Flags keeping the reference's hooks out and its automigrate off, with the migrations of `dir`. */
export const pbFlags = (migrationsDir: string, automigrate = false) => [
  "--dev=false", `--automigrate=${automigrate}`, "--migrationsDir", migrationsDir, "--hooksDir", path.join(migrationsDir, "..", "no-hooks"),
];

/** `pocketbase migrate …` on a data directory with a migrations directory; its output. */
export function pbMigrate(args: string[], dataDir: string, migrationsDir: string): { out: string; code: number | null } {
  const res = spawnSync(PB_BIN, ["migrate", ...args, "--dir", dataDir, ...pbFlags(migrationsDir)], { encoding: "utf8", timeout: 60_000 });
  return { out: res.stdout + res.stderr, code: res.status };
}

/** A fresh data directory next to a migrations directory (as pb_data and pb_migrations). */
export function project(): { dataDir: string; migrationsDir: string } {
  const root = tempDir("cairn-mig-");
  const migrationsDir = path.join(root, "pb_migrations");
  mkdirSync(migrationsDir);
  return { dataDir: path.join(root, "pb_data"), migrationsDir };
}

export async function withCairn<T>(dataDir: string, fn: (s: RunningServer) => Promise<T>): Promise<T> {
  const s = await startCairn(dataDir);
  try {
    return await fn(s);
  } finally {
    await s.stop();
  }
}

export async function withReference<T>(dataDir: string, migrationsDir: string, fn: (s: RunningServer) => Promise<T>): Promise<T> {
  const s = await startReference(dataDir, pbFlags(migrationsDir));
  try {
    return await fn(s);
  } finally {
    await s.stop();
  }
}

/** The collections as the API lists them, by name, without their times. */
export async function collectionsOf(s: RunningServer): Promise<unknown[]> {
  const token = await adminToken(s);
  const res = await call(s, { path: "/api/collections?perPage=200&sort=name", token });
  expect(res.status).toBe(200);
  // A view's field ids are made afresh whenever it is saved (on the reference too): only their presence counts.
  const viewFields = (c: Record<string, unknown>) => (c.schema as Record<string, unknown>[]).map((f) => ({ ...f, id: typeof f.id === "string" && f.id.length === 8 }));
  return (res.body as { items: Record<string, unknown>[] }).items.map(({ created: _c, updated: _u, ...rest }) => (rest.type === "view" ? { ...rest, schema: viewFields(rest) } : rest));
}


/** The migration files recorded in `_migrations` (the system schema's names left out). */
export async function appliedJsFiles(dataDir: string): Promise<string[]> {
  const app = await createApp({ dataDir });
  try {
    return (await app.db.all<{ file: string }>("SELECT file FROM _migrations WHERE file LIKE '%.js' ORDER BY file")).map((r) => r.file);
  } finally {
    await app.close();
  }
}
