import type { FastifyPluginAsync } from "fastify";
import type { App } from "../../app.js";

/** The health check's answer (also sent by http/healthFastPath.ts). */
export const healthAnswer = (canBackup: boolean) => ({ code: 200, message: "API is healthy.", data: { canBackup } });

export function healthRoutes(app: App): FastifyPluginAsync {
  return async (r) => {
    // Synchronous (fastify sends the returned value): the cheapest request has no promise to settle.
    const handler = () => healthAnswer(app.backups.canBackup());
    // Cheap: answered at once even while a queue of heavy requests waits for its turn (load balancers probe it).
    r.get("/health", { config: { cheap: true } }, handler); // fastify answers HEAD from the GET route
  };
}
