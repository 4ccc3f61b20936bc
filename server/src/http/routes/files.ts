import type { FastifyPluginAsync } from "fastify";
import type { App } from "../../app.js";
import { badRequest } from "../../tools/errors.js";

export function fileRoutes(app: App): FastifyPluginAsync {
  return async (r) => {
    // Short-lived token for protected files, for admins and auth records.
    r.post("/files/token", async (req) => {
      const { admin, record } = req.auth;
      if (admin) return { token: await app.admins.fileToken(admin) };
      if (record) return { token: await app.recordAuth.fileToken(record) };
      throw badRequest("Failed to generate file token.");
    });
  };
}
