import type { FastifyPluginAsync } from "fastify";
import type { App } from "../../app.js";

export function healthRoutes(_app: App): FastifyPluginAsync {
  return async (r) => {
    const handler = async () => ({
      code: 200,
      message: "API is healthy.",
      // No backup is in progress until the backups module lands and reports here.
      data: { canBackup: true },
    });
    r.get("/health", handler); // fastify answers HEAD from the GET route
  };
}
