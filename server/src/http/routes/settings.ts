import type { FastifyPluginAsync } from "fastify";
import type { App } from "../../app.js";
import { requireAdmin } from "../guards.js";

export function settingsRoutes(app: App): FastifyPluginAsync {
  return async (r) => {
    r.get("/settings", async (req) => {
      requireAdmin(req);
      return app.settings.get();
    });
  };
}
