import type { FastifyInstance, FastifyRequest } from "fastify";
import type { App } from "../app.js";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);
const releases = new WeakMap<FastifyRequest, () => void>();

/**
 * Holds requests back while a batch transaction runs (batch/gate.ts): reads wait for it to
 * end, writes also keep it waiting until they are answered. The batch route takes the gate
 * itself. Runs last before the handler, after auth and body parsing.
 */
export function registerWriteGate(server: FastifyInstance, app: App): void {
  server.addHook("preHandler", async (req, reply) => {
    if (req.routeOptions.url === "/api/batch") return;
    // Read from the app on every request: a restore reopens the services (app.reload).
    const gate = app.batch.gate;
    if (READS.has(req.method)) return gate.idle();
    const release = await gate.enter();
    releases.set(req, release);
    reply.raw.once("close", release);
  });
  server.addHook("onResponse", async (req) => releases.get(req)?.());
}
