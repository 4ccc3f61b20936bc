import type { FastifyInstance } from "fastify";
import type { App } from "../app.js";

/** Logs every request into logs.db (through the batching LogWriter) once the response is sent. */
export function registerRequestLog(server: FastifyInstance, app: App): void {
  server.addHook("onResponse", async (req, reply) => {
    const status = reply.statusCode;
    const err = req.apiError;
    const data: Record<string, unknown> = {
      auth: req.auth?.admin ? "admin" : req.auth?.record ? "authRecord" : "guest",
      execTime: reply.elapsedTime,
      method: req.method,
      referer: req.headers.referer ?? "",
      remoteIp: req.ip,
      status,
      type: "request",
      url: req.url,
      userAgent: req.headers["user-agent"] ?? "",
      userIp: req.ip,
    };
    if (err) {
      data.error = err.message;
      data.details = null;
    }
    app.logs.add({ level: err ? 8 : 0, message: `${req.method} ${req.url}`, data });
  });
}
