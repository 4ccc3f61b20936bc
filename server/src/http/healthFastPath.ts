import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { FastifyServerFactory, FastifyHttpOptions } from "fastify";
import type { App } from "../app.js";
import { healthAnswer } from "./routes/health.js";
import { SECURITY_HEADERS } from "./securityHeaders.js";

// Strings, not Buffers: Node joins a string body to the head in one chunk before writing.
const body = (canBackup: boolean, engine: "sqlite" | "postgres") => JSON.stringify(healthAnswer(canBackup, engine)) + "\n";

// The same head the routed health answer has (CORS, the reference's security headers, JSON).
const HEADERS = [["access-control-allow-origin", "*"], ...SECURITY_HEADERS, ["content-type", "application/json; charset=UTF-8"]];
const headersFor = (b: string) => [...HEADERS, ["content-length", String(Buffer.byteLength(b))]].flat();
const answers = (["sqlite", "postgres"] as const).map((engine) => {
  const [yes, busy] = [body(true, engine), body(false, engine)];
  return [engine, { yes, busy, headYes: headersFor(yes), headBusy: headersFor(busy) }] as const;
});
const ANSWERS = new Map(answers);

/**
 * Answers a plain `GET /api/health` straight from Node's request listener when nothing else
 * could apply to it: no token, rate limits off, databases open. Load balancers probe it many
 * times a second, and Fastify's routing and hook chain were most of its cost (the reference's
 * multi-core server answered 1.3× as many); what is left is Node's HTTP parser and the
 * socket write. The answer is byte-for-byte the routed one's, and
 * a successful health check is not logged either way. Anything else (HEAD, a token, a trailing
 * slash, limits on, a restore reopening the databases) goes through Fastify as before.
 */
export function answersHealth(app: App, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== "GET") return false;
  const url = req.url!;
  if (url !== "/api/health" && !url.startsWith("/api/health?")) return false;
  if (req.headers.authorization !== undefined || app.rateLimits.enabled || !app.isOpen()) return false;
  const a = ANSWERS.get(app.db.dialect.name)!;
  const can = app.backups.canBackup();
  res.writeHead(200, can ? a.headYes : a.headBusy);
  res.end(can ? a.yes : a.busy);
  return true;
}

/**
 * Fastify's own HTTP/1 server setup (same options and timeouts) with the health fast path in
 * front of its handler.
 */
export function healthFirstServerFactory(app: App): FastifyServerFactory {
  return (handler, opts: FastifyHttpOptions<http.Server>) => {
    const server = http.createServer(opts.http ?? {}, (req, res) => {
      if (!answersHealth(app, req, res)) handler(req, res);
    });
    server.keepAliveTimeout = opts.keepAliveTimeout ?? 72_000;
    server.requestTimeout = opts.requestTimeout ?? 0;
    server.setTimeout(opts.connectionTimeout ?? 0);
    return server;
  };
}
