import type { FastifyInstance, FastifyRequest } from "fastify";
import type { App } from "../app.js";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);
const releases = new WeakMap<FastifyRequest, () => void>();
/** Routes that take the gate themselves (entering it as a writer first would wait on itself). */
const OWN_GATE = new Set(["/api/batch", "/api/collections/:collection/records/import"]);

/**
 * Holds requests back while a batch transaction runs (batch/gate.ts): reads wait for it to
 * end, writes also keep it waiting until they are answered. The batch and records import
 * routes take the gate themselves. Runs last before the handler, after auth and body parsing.
 */
export function registerWriteGate(server: FastifyInstance, app: App): void {
  // Callback style: a read while no batch runs passes without a promise.
  server.addHook("preHandler", (req, reply, done) => {
    if (OWN_GATE.has(req.routeOptions.url ?? "")) return done();
    // Read from the app on every request: a restore reopens the services (app.reload).
    const gate = app.batch.gate;
    if (READS.has(req.method)) {
      if (!gate.busy) return done();
      gate.idle().then(() => done(), done);
      return;
    }
    gate.enter().then((release) => {
      releases.set(req, release);
      reply.raw.once("close", release);
      done();
    }, done);
  });
  server.addHook("onResponse", (req, _reply, done) => {
    releases.get(req)?.();
    done();
  });
}
