import type { FastifyRequest } from "fastify";
import type { Caller } from "../auth/caller.js";

/** Who is asking (from the Authorization header, resolved once per request) and the `@request.*` values the rules read. */
export function callerOf(req: FastifyRequest, data?: unknown): Caller {
  return {
    admin: !!req.auth.admin,
    adminModel: req.auth.admin,
    info: {
      auth: req.auth.record,
      method: req.method,
      query: req.query as Record<string, unknown>,
      headers: req.headers as Record<string, unknown>,
      data: data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : {},
    },
  };
}
