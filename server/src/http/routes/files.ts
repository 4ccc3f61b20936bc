import type { FastifyPluginAsync } from "fastify";
import type { App } from "../../app.js";
import { badRequest } from "../errors.js";

export function fileRoutes(app: App): FastifyPluginAsync {
  return async (r) => {
    // Short-lived token for protected files; auth records get theirs once collections land.
    r.post("/files/token", async (req) => {
      const admin = req.auth.admin;
      if (!admin) throw badRequest("Failed to generate file token.");
      return { token: await app.admins.fileToken(admin) };
    });
  };
}
