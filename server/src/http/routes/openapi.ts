import type { FastifyPluginAsync } from "fastify";
import type { App } from "../../app.js";
import { callerOf } from "../caller.js";

/** `GET /api/openapi.json`: the OpenAPI 3.1 document of the API (openapi/service.ts). */
export function openApiRoutes(app: App): FastifyPluginAsync {
  return async (r) => {
    r.get("/openapi.json", async (req) => app.openApi.document(callerOf(req)));
  };
}
