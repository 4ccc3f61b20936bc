import type { FastifyInstance } from "fastify";
import { createApp, type App } from "../../src/app.js";
import { buildServer } from "../../src/http/server.js";
import type { Settings } from "../../src/models/settings.js";
import { tempDir } from "./dataDirs.js";

export interface LogsEnv {
  app: App;
  server: FastifyInstance;
  token: string;
}

/** A fresh data dir with one admin, its token, and the HTTP server over it (not listening). */
export async function logsEnv(setup?: (server: FastifyInstance) => void): Promise<LogsEnv> {
  const app = createApp({ dataDir: tempDir("cairn-logs-http-") });
  const admin = await app.admins.insertNew("admin@example.com", "1234567890");
  const token = await app.admins.authToken(admin);
  const server = buildServer(app);
  setup?.(server);
  await server.ready();
  return { app, server, token };
}

export async function closeEnv(env: LogsEnv | undefined): Promise<void> {
  if (!env) return;
  await env.server.close();
  await env.app.close();
}

export interface StoredLog {
  id: string;
  level: number;
  message: string;
  data: Record<string, unknown>;
  created: string;
}

/** Lets the onResponse hooks run, flushes the writer and returns every stored log, oldest first. */
export async function storedLogs(app: App): Promise<StoredLog[]> {
  await new Promise((r) => setImmediate(r));
  await new Promise((r) => setImmediate(r));
  app.logs.flush();
  const rows = app.logsDb.prepare("SELECT * FROM _logs ORDER BY rowid").all() as (Omit<StoredLog, "data"> & { data: string })[];
  return rows.map((r) => ({ ...r, data: JSON.parse(r.data) as Record<string, unknown> }));
}

export function clearLogs(app: App): void {
  app.logs.flush();
  app.logsDb.exec("DELETE FROM _logs");
}

export function setLogSettings(app: App, logs: Partial<Settings["logs"]>): void {
  const s = app.settings.get();
  app.settings.save({ ...s, logs: { ...s.logs, ...logs } });
}

export function insertLog(app: App, row: { id: string; level?: number; message?: string; data?: unknown; created: string }): void {
  app.logsDb
    .prepare("INSERT INTO _logs (id, level, message, data, created, updated) VALUES (?, ?, ?, ?, ?, ?)")
    .run(row.id, row.level ?? 0, row.message ?? "m", JSON.stringify(row.data ?? {}), row.created, row.created);
}
