import type { FastifyPluginAsync } from "fastify";
import type { App } from "../../app.js";
import { callerOf } from "../caller.js";

export function fileRoutes(app: App): FastifyPluginAsync {
  return async (r) => {
    // Short-lived token for protected files, for admins and auth records.
    r.post("/files/token", async (req) => ({ token: await app.files.fileToken(callerOf(req)) }));
  };
}
