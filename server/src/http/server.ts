import Fastify, { type FastifyInstance, type FastifyError } from "fastify";
import cors from "@fastify/cors";
import type { App } from "../app.js";
import { badRequest, DomainError, notFound, tooLarge } from "../tools/errors.js";
import { errorBody, errorStatus } from "./errorResponse.js";
import { resolveAuth } from "./auth.js";
import { INVALID_BODY } from "./body.js";
import { clientErrorHandler, MAX_HEADER_BYTES } from "./clientError.js";
import { parseJsonStrict, stringifyJson } from "../tools/json.js";
import { registerRequestLog } from "./requestLog.js";
import { healthRoutes } from "./routes/health.js";
import { healthFirstServerFactory } from "./healthFastPath.js";
import { SECURITY_HEADERS } from "./securityHeaders.js";
import { DEFAULT_HANDLERS_PER_TURN, registerTurnGate } from "./turnGate.js";
import { adminRoutes } from "./routes/admins.js";
import { collectionRoutes } from "./routes/collections.js";
import { settingsRoutes } from "./routes/settings.js";
import { logRoutes } from "./routes/logs.js";
import { fileRoutes } from "./routes/files.js";
import { recordRoutes } from "./routes/records.js";
import { recordFileRoutes } from "./routes/recordFiles.js";
import { recordAuthRoutes } from "./routes/recordAuth.js";
import { recordOAuth2Routes } from "./routes/recordOAuth2.js";
import { signInFactorRoutes } from "./routes/signInFactors.js";
import { dashboardRoutes } from "./routes/dashboard.js";
import { backupRoutes } from "./routes/backups.js";
import { realtimeRoutes } from "./routes/realtime.js";
import { batchRoutes } from "./routes/batch.js";
import { recordsExportRoutes } from "./routes/recordsExport.js";
import { recordsImportRoutes } from "./routes/recordsImport.js";
import { openApiRoutes } from "./routes/openapi.js";
import { hookRequest, hookRoutes, sendHookReply } from "./routes/hooks.js";
import { HookError } from "../hooks/errors.js";
import type { Hooks } from "../hooks/service.js";
import { registerRateLimit } from "./rateLimit.js";
import { TooManyRequests } from "../ratelimit/tooMany.js";
import { DEFAULT_BODY_TIMEOUT_MS, DEFAULT_HEADERS_TIMEOUT_MS, registerBodyTimeout } from "./bodyTimeout.js";
import "./context.js";

export interface ServerOptions {
  /** Directory holding the built dashboard (index.html + assets). */
  dashboardDir?: string;
  /** Request handlers started per turn of the event loop under load (http/turnGate.ts); 0: no bound. */
  handlersPerTurn?: number;
  /** Milliseconds a request body may stall before a 408 (http/bodyTimeout.ts); 0: never. */
  bodyTimeoutMs?: number;
  /** Milliseconds a client may take to send a request's head before a 408; 0: never. */
  headersTimeoutMs?: number;
  /** The pb_hooks files' routes (before the dashboard's catch-all) and their errors' answers. */
  hooks?: Hooks;
}

const INVALID_BODY_MESSAGE = "Failed to load the submitted data due to invalid formatting.";

/** Builds the HTTP layer over an app: body parsing, auth, request logging, routes and the error envelope. */
export function buildServer(app: App, opts: ServerOptions = {}): FastifyInstance {
  const headersTimeout = opts.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const server = Fastify({
    logger: false,
    bodyLimit: 32 << 20,
    trustProxy: false,
    // Node checks heads against their timeout every connectionsCheckingInterval: often enough for it to matter.
    http: { maxHeaderSize: MAX_HEADER_BYTES, headersTimeout, requestTimeout: 0, connectionsCheckingInterval: Math.min(30_000, Math.max(100, headersTimeout / 4)) },
    clientErrorHandler,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    serverFactory: healthFirstServerFactory(app),
  });

  // The reference treats an empty JSON body as {} and a malformed one as a 400.
  server.removeContentTypeParser(["application/json", "text/plain"]);
  server.addContentTypeParser(["application/json"], { parseAs: "string" }, (_req, body, done) => {
    const text = (body as string).trim();
    if (text === "") return done(null, {});
    try {
      done(null, parseJsonStrict(text));
    } catch {
      done(null, INVALID_BODY);
    }
  });
  server.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  server.addContentTypeParser("*", { parseAs: "buffer" }, (_req, _body, done) => done(null, {}));
  // Stored JSON values can nest deeper than JSON.stringify's recursion goes.
  server.setReplySerializer((payload) => stringifyJson(payload));
  // JSON answers as the reference writes them: `charset=UTF-8`, and a closing newline.
  server.addHook("onSend", (_req, reply, payload, done) => {
    if (reply.getHeader("content-type") !== "application/json; charset=utf-8") return done(null, payload);
    reply.header("content-type", "application/json; charset=UTF-8");
    done(null, typeof payload === "string" ? payload + "\n" : payload);
  });

  server.register(cors, { origin: "*", methods: ["GET", "HEAD", "PUT", "PATCH", "POST", "DELETE"] });

  server.decorateRequest("auth", null as never);
  // Callback style with a synchronous path: a request without a token to check while the
  // databases are open (the health check, guests) costs no promise.
  server.addHook("onRequest", (req, reply, done) => {
    for (const [name, value] of SECURITY_HEADERS) reply.header(name, value);
    const header = req.headers.authorization;
    if (!header && app.isOpen()) {
      req.auth = { admin: null, record: null };
      return done();
    }
    // A restore reopening the databases holds new requests for those few milliseconds.
    app
      .whenOpen()
      .then(() => resolveAuth(app, header))
      .then((auth) => {
        req.auth = auth;
        done();
      }, done);
  });
  registerRequestLog(server, app);
  registerRateLimit(server, app);
  registerBodyTimeout(server, opts.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS);
  registerTurnGate(server, opts.handlersPerTurn ?? DEFAULT_HANDLERS_PER_TURN);

  server.setErrorHandler((err: FastifyError | DomainError, req, reply) => {
    req.apiError = err;
    // A batch over a sub-request's rate limit: answered as the limiter answers (http/rateLimit.ts).
    if (err instanceof TooManyRequests) reply.header("Retry-After", String(err.retryAfter));
    const send = (e: DomainError) => reply.status(errorStatus(e)).send(errorBody(e));
    if (err instanceof DomainError) return send(err);
    // What a JS hook threw: the status and message of its ApiError, as the reference answers it.
    if (err instanceof HookError) return reply.status(err.status).send({ code: err.status, message: err.message, data: err.data });
    // Fastify's own refusals (a body over its limit, a content type it cannot parse) in the reference's words.
    const status = typeof (err as FastifyError).statusCode === "number" ? (err as FastifyError).statusCode! : 500;
    if (status === 413) return send(tooLarge());
    if (status >= 400 && status < 500) return send(badRequest(err.code?.startsWith("FST_ERR_CTP") ? INVALID_BODY_MESSAGE : undefined));
    if (app.dev) console.error(err);
    return reply.status(500).send({ code: 500, message: "Something went wrong while processing your request.", data: {} });
  });

  server.setNotFoundHandler((req, reply) => {
    const missing = notFound("Not Found.");
    req.apiError = missing;
    reply.status(errorStatus(missing)).send(errorBody(missing));
  });

  server.register(healthRoutes(app), { prefix: "/api" });
  server.register(adminRoutes(app), { prefix: "/api" });
  server.register(collectionRoutes(app), { prefix: "/api" });
  server.register(settingsRoutes(app), { prefix: "/api" });
  server.register(logRoutes(app), { prefix: "/api" });
  server.register(fileRoutes(app), { prefix: "/api" });
  server.register(recordRoutes(app), { prefix: "/api" });
  server.register(recordFileRoutes(app), { prefix: "/api" });
  server.register(recordAuthRoutes(app), { prefix: "/api" });
  server.register(backupRoutes(app), { prefix: "/api" });
  server.register(realtimeRoutes(app), { prefix: "/api" });
  server.register(recordOAuth2Routes(app), { prefix: "/api" });
  server.register(signInFactorRoutes(app), { prefix: "/api" });
  server.register(batchRoutes(app), { prefix: "/api" });
  server.register(recordsExportRoutes(app), { prefix: "/api" });
  server.register(recordsImportRoutes(app), { prefix: "/api" });
  server.register(openApiRoutes(app), { prefix: "/api" });
  if (opts.hooks) {
    const hooks = opts.hooks;
    // pb_hooks' routerUse/routerPre: before every route's handler, Cairn's included (as echo's middlewares).
    server.addHook("preHandler", async (req, reply) => {
      if (!hooks.hasMiddlewares()) return;
      const out = await hooks.middleware(hookRequest(req));
      for (const [k, v] of Object.entries(out.headers)) reply.header(k, v);
      if (out.reply) return sendHookReply(reply, out.reply);
    });
    server.register(hookRoutes(hooks));
  }
  server.register(dashboardRoutes(opts.dashboardDir, () => app.admins.count()));
  return server;
}
