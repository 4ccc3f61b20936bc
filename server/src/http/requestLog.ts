import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { App } from "../app.js";
import { DomainError } from "../tools/errors.js";
import { LogLevel } from "../logs/model.js";

/**
 * Route config flag: `r.get(path, { config: { skipRequestLog: true } }, handler)` keeps the
 * route's successful requests out of the request log (failed ones are always logged).
 */
export interface RequestLogRouteConfig {
  skipRequestLog?: boolean;
}

// Declared on fastify's route config too: plugins that add their own optional config keys
// (@fastify/multipart does) would otherwise make it a weak type that rejects this one.
declare module "fastify" {
  interface FastifyContextConfig {
    skipRequestLog?: boolean;
  }
}

const GENERIC_ERROR = "Something went wrong while processing your request.";

/**
 * Logs every request into logs.db (through the batching LogWriter) once the response is
 * sent, the way the reference does:
 * - message `METHOD URL` with the URL percent-decoded; level ERROR (8) when the request
 *   failed (an error envelope, any 4xx/5xx), INFO (0) otherwise;
 * - data {auth, details?, error?, execTime, method, referer, remoteIp?, status, type,
 *   url, userAgent, userIp?} (keys sorted); the IPs only when settings logs.logIp is on;
 * - not logged when successful: OPTIONS (CORS), the health check, the realtime stream,
 *   the dashboard's static files and routes flagged `skipRequestLog` (the logs API itself).
 */
export function registerRequestLog(server: FastifyInstance, app: App): void {
  /** The `message` of error envelopes actually sent, for `data.error`. */
  const sentMessages = new WeakMap<FastifyRequest, string>();

  // Both hooks are callback style (they do nothing asynchronous): no promise per request.
  server.addHook("onSend", (req, reply, payload, done) => {
    if (reply.statusCode >= 400 && typeof payload === "string" && payload.length < 64 * 1024) {
      const message = envelopeMessage(payload);
      if (message !== undefined) sentMessages.set(req, message);
    }
    done(null, payload);
  });

  server.addHook("onResponse", (req, reply, done) => {
    try {
      const status = reply.statusCode;
      const err = req.apiError;
      const failed = err !== undefined || status >= 400;
      if (!failed && skipWhenSuccessful(req)) return;
      const { logIp } = app.settings.get().logs;
      const url = logUrl(req.url);
      const data: Record<string, unknown> = {
        auth: req.auth?.admin ? "admin" : req.auth?.record ? "authRecord" : "guest",
      };
      if (failed) {
        data.details = err ? errorDetails(req, err) : null;
        data.error = sentMessages.get(req) ?? (err instanceof DomainError ? err.message : GENERIC_ERROR);
      }
      data.execTime = elapsed(reply);
      data.method = req.method;
      data.referer = header(req, "referer");
      if (logIp) data.remoteIp = remoteIp(req);
      data.status = status;
      data.type = "request";
      data.url = url;
      data.userAgent = header(req, "user-agent");
      if (logIp) data.userIp = userIp(req);
      app.logs.add({ level: failed ? LogLevel.ERROR : LogLevel.INFO, message: `${req.method} ${decodeUrl(url)}`, data });
    } catch (e) {
      // Logging must never break a response that is already sent.
      console.warn(`[logs] failed to log ${req.method} ${req.url}: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      done();
    }
  });
}

/** Successful requests the reference keeps out of the log. */
function skipWhenSuccessful(req: FastifyRequest): boolean {
  if (req.method === "OPTIONS") return true;
  const config = req.routeOptions.config as RequestLogRouteConfig | undefined;
  if (config?.skipRequestLog) return true;
  const route = req.routeOptions.url;
  if (route === undefined) return false;
  if (route === "/api/health") return true;
  if (route === "/api/realtime" && req.method === "GET") return true;
  return route === "/_" || route.startsWith("/_/");
}

/** The request URI as logged: the API's trailing slash dropped (the dashboard's kept), query kept raw. */
export function logUrl(raw: string): string {
  const q = raw.indexOf("?");
  let path = q < 0 ? raw : raw.slice(0, q);
  const query = q < 0 ? "" : raw.slice(q);
  if (path.length > 1 && path.endsWith("/") && !path.startsWith("/_/")) path = path.slice(0, -1);
  return path + query;
}

/** Percent-decodes a URL for the message (`+` stays); a malformed escape keeps it raw. */
export function decodeUrl(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

function header(req: FastifyRequest, name: string): string {
  const v = req.headers[name];
  return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
}

function remoteIp(req: FastifyRequest): string {
  const ip = req.socket?.remoteAddress ?? req.ip ?? "";
  return ip.startsWith("::ffff:") && ip.includes(".") ? ip.slice(7) : ip;
}

/**
 * The client's IP as proxies report it, in the reference's order of trust:
 * CF-Connecting-IP, Fly-Client-IP, X-Real-IP, the first non-empty X-Forwarded-For entry,
 * then the connection's address. Header values are taken as-is (not validated).
 */
export function userIp(req: FastifyRequest): string {
  for (const name of ["cf-connecting-ip", "fly-client-ip", "x-real-ip"]) {
    const v = header(req, name).trim();
    if (v) return v;
  }
  for (const part of header(req, "x-forwarded-for").split(",")) {
    const v = part.trim();
    if (v) return v;
  }
  return remoteIp(req);
}

function elapsed(reply: FastifyReply): number {
  const ms = reply.elapsedTime;
  return Number.isFinite(ms) ? Math.round(ms * 1e6) / 1e6 : 0;
}

function envelopeMessage(payload: string): string | undefined {
  if (!payload.startsWith("{")) return undefined;
  try {
    const body = JSON.parse(payload) as { message?: unknown };
    return typeof body.message === "string" ? body.message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What went wrong beyond the public message: an error's `detail`/`details` text (the filter
 * engine's QueryError sets it), else its `cause`, else the field errors in the reference's
 * "key: message; key: (nested: message.)." form, else the internal message of a non-API
 * error; null when there is nothing more to say.
 */
export function errorDetails(req: FastifyRequest, err: Error): string | null {
  const e = err as Error & { detail?: unknown; details?: unknown; cause?: unknown };
  for (const v of [e.detail, e.details]) if (typeof v === "string" && v !== "") return v;
  if (e.cause !== undefined && e.cause !== null) return e.cause instanceof Error ? e.cause.message : String(e.cause);
  if (err instanceof DomainError) {
    const fields = formatFieldErrors(err.data);
    if (fields) return fields;
    if (req.is404 && err.kind === "not_found") return "code=404, message=Not Found";
    return null;
  }
  return err.message || null;
}

/**
 * Codes of the generic validation rules, whose messages the API capitalizes and ends with a
 * period while the log keeps the rule's own lowercase text; other codes keep their message.
 */
const GENERIC_RULE =
  /^validation_(required|nil_or_not_empty_required|nil|empty|is_.+|length_.+|min_.+|max_.+|match_invalid|in_invalid|not_in_invalid|date_.+|multiple_of_invalid)$/;

/**
 * `{a: {code, message: "Cannot be blank."}, b: {c: {...}}}` -> `a: cannot be blank; b: (c: ....).`
 * (keys sorted, nested maps in parentheses, one final period per level).
 */
export function formatFieldErrors(data: unknown): string {
  if (!data || typeof data !== "object" || Array.isArray(data)) return "";
  const parts: string[] = [];
  for (const key of Object.keys(data).sort()) {
    const v = (data as Record<string, unknown>)[key];
    if (!v || typeof v !== "object") continue;
    const leaf = v as { code?: unknown; message?: unknown };
    if (typeof leaf.code === "string" && typeof leaf.message === "string") {
      parts.push(`${key}: ${GENERIC_RULE.test(leaf.code) ? lowerFirst(leaf.message.replace(/\.$/, "")) : leaf.message}`);
    } else {
      const nested = formatFieldErrors(v);
      if (nested) parts.push(`${key}: (${nested})`);
    }
  }
  return parts.length ? parts.join("; ") + "." : "";
}

function lowerFirst(s: string): string {
  return s ? s[0]!.toLowerCase() + s.slice(1) : s;
}
