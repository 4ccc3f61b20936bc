import type { FastifyPluginAsync } from "fastify";
import type { App } from "../../app.js";

/**
 * The health check's answer (also sent by http/healthFastPath.ts). On PostgreSQL `data.database`
 * says so (the dashboard's view editor speaks its SQL); on SQLite it is the reference's answer.
 */
export const healthAnswer = (canBackup: boolean, engine: "sqlite" | "postgres" = "sqlite") => ({
  code: 200,
  message: "API is healthy.",
  data: engine === "postgres" ? { canBackup, database: engine } : { canBackup },
});

export function healthRoutes(app: App): FastifyPluginAsync {
  return async (r) => {
    // Synchronous (fastify sends the returned value): the cheapest request has no promise to settle.
    const handler = () => healthAnswer(app.backups.canBackup(), app.db.dialect.name);
    // Cheap: answered at once even while a queue of heavy requests waits for its turn (load balancers probe it).
    r.get("/health", { config: { cheap: true } }, handler); // fastify answers HEAD from the GET route
  };
}
