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
  const app = await createApp({ dataDir: tempDir("cairn-logs-http-") });
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
  await app.logs.flush();
  const rows = await app.logsDb.all<Omit<StoredLog, "data"> & { data: string }>("SELECT * FROM _logs ORDER BY rowid");
  return rows.map((r) => ({ ...r, data: JSON.parse(r.data) as Record<string, unknown> }));
}

export async function clearLogs(app: App): Promise<void> {
  await app.logs.flush();
  await app.logsDb.transaction((tx) => tx.run("DELETE FROM _logs"));
}

export async function setLogSettings(app: App, logs: Partial<Settings["logs"]>): Promise<void> {
  const s = app.settings.get();
  await app.settings.save({ ...s, logs: { ...s.logs, ...logs } });
}

export async function insertLog(app: App, row: { id: string; level?: number; message?: string; data?: unknown; created: string }): Promise<void> {
  await app.logsDb.transaction((tx) =>
    tx.run("INSERT INTO _logs (id, level, message, data, created, updated) VALUES (?, ?, ?, ?, ?, ?)", [row.id, row.level ?? 0, row.message ?? "m", JSON.stringify(row.data ?? {}), row.created, row.created]),
  );
}
