import type { FastifyPluginAsync } from "fastify";
import type { App } from "../../app.js";

export function logRoutes(_app: App): FastifyPluginAsync {
  return async () => {};
}
